// `node --import tsx bench/profile/startup.ts [--build 'NAME=DIR [NODE-ARG | VAR=VALUE]...']... [--samples 5] [--node-arg=ARG]...
//   [--rest-url URL --user-id ID (REST key in PAYGRAPH_AUTH_KEY)]`
// Cold start of built servers (`cli.js serve`), from spawn to the first GraphQL answer, over a running
// sandbox (its own child sandbox unless --rest-url is given). Per start: the wall time to the first
// answer, the process's CPU time then (user + system from /proc: less disturbed than wall time by the
// other processes of a shared machine) and its RSS. Builds alternate in each round, the order flipped
// every round; medians, and with two builds the paired per-round ratios. A report goes to reports/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startChildSandbox } from '../sandbox/child-sandbox';
import { parseBuild } from './runner';
import { startServer } from './server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const QUERY = '{ spaces(first: 1) { nodes { restId name } } }';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Upstream {
  restUrl: string;
  userId: string;
  authKey: string;
}

interface Sample {
  answerMs: number;
  cpuMs: number;
  rssMb: number;
}

async function once(
  entry: string,
  upstream: Upstream,
  nodeArgs: string[],
  env: Record<string, string>,
): Promise<Sample> {
  const started = performance.now();
  const server = await startServer({ entry, ...upstream, nodeArgs, env, cwd: ROOT });
  try {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    if (!res.ok || ((await res.json()) as { errors?: unknown }).errors)
      throw new Error('the first query failed');
    return {
      answerMs: performance.now() - started,
      cpuMs: server.cpuSeconds() * 1000,
      rssMb: server.rssMb(),
    };
  } finally {
    await server.stop();
  }
}

function ratioLine(what: string, names: string[], a: number[], b: number[]): string {
  const ratios = a.map((x, i) => b[i] / x);
  const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
  return `${what} ${names[1]}/${names[0]}: median ${median(ratios).toFixed(2)} (range ${range}, paired per round)`;
}

async function upstreamFrom(values: { 'rest-url'?: string; 'user-id'?: string }) {
  if (values['rest-url']) {
    const authKey = process.env.PAYGRAPH_AUTH_KEY;
    if (!values['user-id'] || !authKey) throw new Error('--rest-url needs --user-id and PAYGRAPH_AUTH_KEY');
    return {
      upstream: { restUrl: values['rest-url'], userId: values['user-id'], authKey },
      stop: async () => {},
    };
  }
  const sandbox = await startChildSandbox();
  const [user] = sandbox.users;
  return {
    upstream: { restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key },
    stop: () => sandbox.stop(),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'rest-url': { type: 'string' },
      'user-id': { type: 'string' },
      build: { type: 'string', multiple: true, default: ['current=dist'] },
      samples: { type: 'string', default: '5' },
      'node-arg': { type: 'string', multiple: true, default: [] },
    },
  });
  const builds = values.build.map((b) => {
    const build = parseBuild(b);
    return { ...build, nodeArgs: [...values['node-arg'], ...build.nodeArgs], samples: [] as Sample[] };
  });
  const loadBefore = loadavg()[0];
  const { upstream, stop } = await upstreamFrom(values);
  try {
    for (const b of builds) await once(b.entry, upstream, b.nodeArgs, b.env); // warm-up: the OS file cache
    for (let round = 0; round < Number(values.samples); round++) {
      for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
        const s = await once(b.entry, upstream, b.nodeArgs, b.env);
        b.samples.push(s);
        console.log(
          `round ${round + 1} ${b.name}: first answer ${s.answerMs.toFixed(0)} ms, CPU ${s.cpuMs.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    await stop();
  }
  const lines = [
    `# serve: spawn to first answer, ${values.samples} rounds`,
    `${new Date().toISOString()} · node ${process.version} · ${cpus().length} x ${cpus()[0]?.model} · load before ${loadBefore.toFixed(2)}, after ${loadavg()[0].toFixed(2)}`,
    '',
    '| build | first answer ms (median) | min | CPU ms at first answer (median) | RSS MB |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const b of builds) {
    const m = (f: (s: Sample) => number) => median(b.samples.map(f)).toFixed(0);
    const min = Math.min(...b.samples.map((s) => s.answerMs)).toFixed(0);
    lines.push(
      `| ${b.name} | ${m((s) => s.answerMs)} | ${min} | ${m((s) => s.cpuMs)} | ${m((s) => s.rssMb)} |`,
    );
  }
  if (builds.length === 2) {
    const names = builds.map((b) => b.name);
    const [a, b] = builds.map((x) => x.samples);
    lines.push(
      '',
      ratioLine(
        'first answer',
        names,
        a.map((s) => s.answerMs),
        b.map((s) => s.answerMs),
      ),
    );
    lines.push(
      '',
      ratioLine(
        'CPU at first answer',
        names,
        a.map((s) => s.cpuMs),
        b.map((s) => s.cpuMs),
      ),
    );
  }
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`startup-${new Date().toISOString().replace(/[:.]/g, '-')}.md`, dir);
  writeFileSync(file, `${text}\n`);
  console.log(`saved ${file.pathname}`);
}

await main();
