// `node --import tsx bench/profile/aggregate.ts FILE.cpuprofile [--top 40]`: self time of a V8 CPU
// profile summed by layer of a request (layers.ts), by package / area (node_modules package, src/
// folder, node internals, GC, idle) and by function (name + file:line), as percentages of the
// non-idle time. Frames in a bundle (dist/, packages bundled by esbuild) are traced back to their
// source file through the bundle's source map, which must still be where the profile saw the bundle.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { layerOf } from './layers';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
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
  const src = /(?:^|\/)(src|bench)\/([^/]+)\//.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  const dist = /\/dist\/(?:.*\/)?([^/]+)\.js$/.exec(url);
  return dist ? `dist/${dist[1]}` : url;
}

const maps = new Map<string, SourceMap | undefined>();

function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    const file = `${fileURLToPath(url)}.map`;
    maps.set(
      url,
      existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as never) : undefined,
    );
  }
  return maps.get(url);
}

/** The frame in its source file when its script has a source map beside it (a bundle), else the frame itself. */
export function original(frame: CallFrame): CallFrame {
  if (!frame.url.startsWith('file:') || !/\.[cm]?js$/.test(frame.url)) return frame;
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
  if (!entry || !('originalSource' in entry)) return frame;
  return { functionName: frame.functionName, url: entry.originalSource, lineNumber: entry.originalLine };
}

/** A frame as the tables name it: function, then its file under node_modules/, src/, dist/ or bench/ and line. */
export function label(frame: CallFrame): string {
  const file = /node_modules\//.test(frame.url)
    ? frame.url.replace(/^.*node_modules\//, '')
    : frame.url.replace(/^.*?(?:^|\/)(src|dist|bench)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

interface Summary {
  byFunction: Map<string, number>;
  byArea: Map<string, number>;
  byLayer: Map<string, number>;
  total: number;
}

export function summarise(profile: Profile): Summary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const byLayer = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = original(nodes.get(id)!.callFrame);
    if (frame.functionName === '(idle)') return;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const f = label(frame);
    byFunction.set(f, (byFunction.get(f) ?? 0) + dt);
    const a = area(frame);
    byArea.set(a, (byArea.get(a) ?? 0) + dt);
    const l = layerOf(frame);
    byLayer.set(l, (byLayer.get(l) ?? 0) + dt);
  });
  return { byFunction, byArea, byLayer, total };
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
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' } },
  });
  if (positionals.length !== 1) throw new Error('usage: aggregate.ts FILE.cpuprofile [--top N]');
  const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
  const { byFunction, byArea, byLayer, total } = summarise(profile);
  const top = Number(values.top);
  console.log(`non-idle time ${(total / 1e6).toFixed(2)} s\n`);
  const tables = [
    table('layer', byLayer, total, top),
    table('area', byArea, total, top),
    table('function (self)', byFunction, total, top),
  ];
  console.log(tables.map((t) => t.join('\n')).join('\n\n'));
}

// Run as a script, not when imported (inclusive.ts takes `original` from here).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
