// `node --import tsx bench/profile/minimum.ts [--scenario page] [--seconds 10] [--connections 8] [--cpu-prof DIR] [--server FILE.mjs]`
// The hand-written minimum of `npm run bench` (bench/suite/minimum/: node's HTTP server, undici, the
// JWT signer, JSON) under the load run.ts puts on paygraph: one sandbox child with 5 ms added latency
// per REST request, autocannon at N connections after a 2 s warm-up; CPU per operation from /proc.
// It shows what the wire alone costs per operation, the floor under any gateway's CPU.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startChildSandbox } from '../sandbox/child-sandbox';
import { cpuMs, rssMb } from '../suite/proc';

const LATENCY_MS = 5;
const SERVER = fileURLToPath(new URL('../suite/minimum/server.ts', import.meta.url));
// Beside node_modules, so that the bundle's external packages (undici) resolve.
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/paygraph-bench/', import.meta.url));

async function bundle(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = `${CACHE}minimum-profile.mjs`;
  await build({
    entryPoints: [SERVER],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    outfile,
  });
  return outfile;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'page' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '8' },
      'cpu-prof': { type: 'string' },
      // A variant of the minimum server already bundled (an A/B of the floor), instead of bundling it.
      server: { type: 'string' },
    },
  });
  const nodeArgs: string[] = [];
  if (values['cpu-prof']) {
    mkdirSync(values['cpu-prof'], { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${resolve(values['cpu-prof'])}`);
  }
  const server = values.server ? resolve(values.server) : await bundle();
  const sandbox = await startChildSandbox();
  try {
    const put = await fetch(new URL('/__admin/faults', sandbox.baseUrl), {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: LATENCY_MS }),
    });
    if (!put.ok) throw new Error(`setting the sandbox latency answered ${put.status}`);
    const user = sandbox.users[0];
    const env = {
      ...process.env,
      BENCH_REST_URL: sandbox.baseUrl,
      BENCH_REST_USER: user.id,
      BENCH_REST_KEY: user.key,
      PORT: '0',
    };
    const child = spawn(process.execPath, [...nodeArgs, server], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit').then(([code]) =>
      Promise.reject(new Error(`the minimum server exited (code ${String(code)})`)),
    );
    const [line] = (await Promise.race([once(createInterface({ input: child.stdout }), 'line'), exited])) as [
      string,
    ];
    const url = `${(JSON.parse(line) as { url: string }).url}/${values.scenario}`;
    const load = (seconds: number) =>
      autocannon({
        url,
        method: 'POST',
        body: JSON.stringify({ space: sandbox.spaces[0] }),
        connections: Number(values.connections),
        duration: seconds,
      });
    try {
      await load(2); // warm-up: JIT, connection pools
      const cpu0 = cpuMs(child.pid!);
      const result = await load(Number(values.seconds));
      const cpu = cpuMs(child.pid!) - cpu0;
      if (result.non2xx || result.errors)
        throw new Error(`load run: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      console.log(
        `minimum ${values.scenario}: ${(cpu / result.requests.total).toFixed(3)} ms CPU/op, ${result.requests.average.toFixed(0)} ops/s, ` +
          `RSS ${rssMb(child.pid!).toFixed(0)} MB, p50 ${result.latency.p50} ms`,
      );
    } finally {
      exited.catch(() => undefined);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
  } finally {
    await sandbox.stop();
  }
}

await main();
