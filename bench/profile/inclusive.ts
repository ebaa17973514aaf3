// `node --import tsx bench/profile/inclusive.ts FILE.cpuprofile [--top 40] [--match REGEX]`: total
// (inclusive) time of each function of a V8 CPU profile, its callees counted in, as percentages of
// the non-idle samples; bundle frames mapped back to packages and src/ through the source maps. A
// function on a stack twice counts once per sample. `--match` keeps the functions whose label matches
// (e.g. `src/` for paygraph's own layers).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { original } from './aggregate';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
}

function label(node: Node): string {
  const frame = original(node.callFrame);
  const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** Inclusive sample counts per function label, and the non-idle sample count. */
export function inclusive(profile: Profile): { counts: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const labels = new Map(profile.nodes.map((n) => [n.id, label(n)]));
  const counts = new Map<string, number>();
  let total = 0;
  for (const sample of profile.samples) {
    if (byId.get(sample)!.callFrame.functionName === '(idle)') continue;
    total++;
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const name = labels.get(id)!;
      if (seen.has(name)) continue;
      seen.add(name);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return { counts, total };
}

function main(): void {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '40' }, match: { type: 'string' } },
  });
  if (positionals.length !== 1)
    throw new Error('usage: inclusive.ts FILE.cpuprofile [--top N] [--match REGEX]');
  const { counts, total } = inclusive(JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile);
  const match = values.match ? new RegExp(values.match) : undefined;
  const rows = [...counts]
    .filter(([name]) => !match || match.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top));
  console.log(`non-idle samples ${total}\n\n| function (total, callees included) | % |\n|---|---:|`);
  for (const [name, n] of rows) console.log(`| ${name} | ${((100 * n) / total).toFixed(1)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
