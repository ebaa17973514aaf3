// `node --import tsx bench/profile/aggregate.ts FILE.cpuprofile [--top 40]`: self time of a V8 CPU
// profile summed by function (name + file:line) and by package / area (node_modules package, src/
// folder, node internals, GC, idle), as percentages of the non-idle time.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a src/ folder, node internals, or V8's own entries. */
export function area(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  const src = /\/src\/([^/]+)\//.exec(url);
  if (src) return `src/${src[1]}`;
  const dist = /\/dist\/(?:.*\/)?([^/]+)\.js$/.exec(url);
  return dist ? `dist/${dist[1]}` : url;
}

function label(frame: CallFrame): string {
  const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|dist)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

export function summarise(profile: Profile): { byFunction: Map<string, number>; byArea: Map<string, number>; total: number } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const f = label(frame);
    byFunction.set(f, (byFunction.get(f) ?? 0) + dt);
    const a = area(frame);
    byArea.set(a, (byArea.get(a) ?? 0) + dt);
  });
  return { byFunction, byArea, total };
}

function table(title: string, entries: Map<string, number>, total: number, top: number): string[] {
  const sorted = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `| ${title} | self % |`,
    '|---|---:|',
    ...sorted.map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${((100 * v) / total).toFixed(1)} |`),
  ];
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });
  if (positionals.length !== 1) throw new Error('usage: aggregate.ts FILE.cpuprofile [--top N]');
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
  const { byFunction, byArea, total } = summarise(profile);
  const top = Number(values.top);
  console.log(`non-idle time ${(total / 1e6).toFixed(2)} s\n`);
  console.log([...table('area', byArea, total, top), '', ...table('function (self)', byFunction, total, top)].join('\n'));
}

main();
