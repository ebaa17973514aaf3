// `node --import tsx bench/suite/render.ts RESULTS.json [OUT.md]`: the report of a saved run (the raw
// JSON `npm run bench` keeps in bench/suite/reports/) rendered again with this tree's report code,
// to OUT.md or, without it, to stdout. It writes bench/REPORT.md only when OUT.md names it; the chart
// and the JSON are left as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import { formattedReport } from './report';
import type { Results } from './results';

const USAGE = 'usage: node --import tsx bench/suite/render.ts RESULTS.json [OUT.md]';

function readResults(file: string): Results {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a readable JSON file (${(error as Error).message})`);
  }
  const keys = ['settings', 'machine', 'scenarios', 'cells', 'coldStarts'];
  const missing = keys.filter((k) => typeof parsed !== 'object' || parsed === null || !(k in parsed));
  if (missing.length) throw new Error(`${file}: not the results of a bench run (no ${missing.join(', ')})`);
  return parsed as Results;
}

async function main(): Promise<void> {
  const [input, output, ...extra] = process.argv.slice(2);
  if (!input || extra.length) throw new Error(USAGE);
  const text = await formattedReport(readResults(input));
  if (output) {
    writeFileSync(output, text);
    process.stderr.write(`wrote ${output}\n`);
  } else process.stdout.write(text);
}

await main();
