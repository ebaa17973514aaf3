// `npm run lint:code`: ESLint over one area at a time (src, test, the tools), each in a node process of
// its own with a 1 GB heap bound: type-aware rules hold the TypeScript program (about 900 MB of heap per
// area), and an unbounded heap grew to 1.5 GB, which a small machine killed without a word after
// Prettier's line. A run that ends without a result is now named with how it ended.
import { spawnSync } from 'node:child_process';

const HEAP_MB = 1024;
const AREAS = [
  { name: 'src', args: ['src'] },
  { name: 'test', args: ['test'] },
  { name: 'tools', args: ['.', '--ignore-pattern', 'src/**', '--ignore-pattern', 'test/**'] },
];

let failed = false;
for (const area of AREAS) {
  const run = spawnSync(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, 'node_modules/eslint/bin/eslint.js', ...area.args],
    { stdio: 'inherit' },
  );
  if (run.status === 0) continue;
  failed = true;
  // ESLint exits 1 for problems it printed; anything else is the process ending before its result.
  if (run.status !== 1)
    console.error(
      `eslint (${area.name}) ended without a result: ${run.signal ? `killed by ${run.signal}` : `exit ${run.status}`}` +
        ` (${HEAP_MB} MB heap bound; a signal usually means the machine ran out of memory)`,
    );
}
process.exit(failed ? 1 : 0);
