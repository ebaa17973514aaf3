// `node --import tsx bench/profile/startup.ts --rest-url URL --user-id ID [--build NAME=DIR]... [--samples 5] [--node-arg ARG]...`
// (REST key in PAYGRAPH_AUTH_KEY): cold start of built servers (`cli.js serve`) over a running sandbox,
// from spawn to the first GraphQL answer, and RSS then; builds alternate, medians reported.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const QUERY = '{ spaces(first: 1) { nodes { restId name } } }';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(entry: string, o: { restUrl: string; userId: string; authKey: string; nodeArgs: string[] }) {
  const started = performance.now();
  const server = await startServer({ entry, ...o, cwd: ROOT });
  try {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    if (!res.ok || ((await res.json()) as { errors?: unknown }).errors) throw new Error('the first query failed');
    return { answerMs: performance.now() - started, rssMb: server.rssMb() };
  } finally {
    await server.stop();
  }
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
  const authKey = process.env.PAYGRAPH_AUTH_KEY;
  if (!values['rest-url'] || !values['user-id'] || !authKey) throw new Error('--rest-url, --user-id and PAYGRAPH_AUTH_KEY are required');
  const o = { restUrl: values['rest-url'], userId: values['user-id'], authKey, nodeArgs: values['node-arg'] };
  const builds = values.build.map((b) => {
    const [name, dir] = b.split('=');
    return { name, entry: join(resolve(ROOT, dir), 'cli.js'), samples: [] as { answerMs: number; rssMb: number }[] };
  });
  for (const b of builds) await once(b.entry, o); // warm-up: the OS file cache
  for (let i = 0; i < Number(values.samples); i++) for (const b of builds) b.samples.push(await once(b.entry, o));
  for (const b of builds) {
    const ms = b.samples.map((s) => s.answerMs);
    console.log(
      `${b.name}: first answer median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}), RSS ${median(b.samples.map((s) => s.rssMb)).toFixed(0)} MB`,
    );
  }
}

await main();
