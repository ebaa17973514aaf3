// Runs the whole vitest suite and closes with the plain line CI reads: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const report = join(mkdtempSync(join(tmpdir(), 'paygraph-tests-')), 'vitest.json');
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = 'tests: no report was written';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  // Tests of a file whose worker died (out of memory, a crash) are neither passed nor failed: say so.
  const notRun = r.numTotalTests - r.numPassedTests - r.numFailedTests - skipped;
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
  if (notRun > 0) summary += `, ${notRun} not run (a test file did not finish)`;
  if (run.status !== 0) summary += `; vitest exited with ${run.status}`;
} catch {
  // the summary says no report was written
}
console.log(summary);
process.exit(run.status ?? 1);
