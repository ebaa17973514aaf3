// `node --import tsx bench/profile/allocations.ts FILE.heapprofile [--top 40]`: the bytes a sampling heap
// profile (profiled-cli.mjs with PROF_KIND=allocations) saw allocated, summed by function (name +
// file:line, traced through a bundle's source map as aggregate.ts does) and by package / area, as
// percentages of all it sampled.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { area, label, original } from './aggregate';

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  selfSize: number;
  children?: AllocationNode[];
}

function summarise(head: AllocationNode): { byFunction: Map<string, number>; byArea: Map<string, number> } {
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const visit = (node: AllocationNode) => {
    const frame = original(node.callFrame);
    const f = label(frame);
    byFunction.set(f, (byFunction.get(f) ?? 0) + node.selfSize);
    const a = area(frame);
    byArea.set(a, (byArea.get(a) ?? 0) + node.selfSize);
    for (const child of node.children ?? []) visit(child);
  };
  visit(head);
  return { byFunction, byArea };
}

function table(title: string, entries: Map<string, number>, total: number, top: number): string {
  const rows = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `| ${title} | bytes % |`,
    '|---|---:|',
    ...rows.map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${((100 * v) / total).toFixed(1)} |`),
  ].join('\n');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
if (positionals.length !== 1) throw new Error('usage: allocations.ts FILE.heapprofile [--top N]');
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as { head: AllocationNode };
const { byFunction, byArea } = summarise(profile.head);
const total = [...byArea.values()].reduce((a, b) => a + b, 0);
console.log(`sampled ${(total / 1e6).toFixed(1)} MB\n`);
console.log(
  `${table('area', byArea, total, Number(values.top))}\n\n${table('function (self)', byFunction, total, Number(values.top))}`,
);
