// Starting each contender fresh as its own process against the sandbox of the round, and timing its
// cold start: from spawn to the first successful answer (polled every 20 ms).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { HEAP_FLAGS } from '../../bin/heap-bound.mjs';
import type { Kind } from './client';

export const CONTENDERS = ['paygraph', 'naive', 'mesh', 'minimum'] as const;
/**
 * `before`: another build of paygraph (BENCH_BEFORE_CLI, the cli.js of `node scripts/build.mjs DIR` run on
 * the commit before a change), run exactly as `paygraph`, for a paired before/after of one change in the
 * same rounds. Only when asked for by name.
 */
export type ContenderName = (typeof CONTENDERS)[number] | 'before';

export const KIND: Record<ContenderName, Kind> = {
  paygraph: 'paygraph',
  naive: 'paygraph',
  before: 'paygraph',
  mesh: 'mesh',
  minimum: 'minimum',
};

function beforeCli(): string {
  const cli = process.env.BENCH_BEFORE_CLI;
  if (!cli)
    throw new Error(
      'the before contender needs BENCH_BEFORE_CLI: the cli.js of a build of the commit to compare with',
    );
  return cli;
}

/** What the contenders need: the built paygraph, the composed supergraph, the bundled minimum server. */
export interface Artifacts {
  /** cli.js of the production build (scripts/build.mjs, as `npm start` builds it). */
  paygraphCli: string;
  supergraph: string;
  minimumServer: string;
}

export interface Upstream {
  restUrl: string;
  user: { id: string; key: string };
}

export interface RunningContender {
  name: ContenderName;
  pid: number;
  /** GraphQL endpoint, or the minimum server's origin. */
  url: string;
  coldStartMs: number;
  /** Stops the process; fails when paygraph warned that it ran degraded (see DEGRADED). */
  stop(): Promise<void>;
}

/**
 * Warnings after which a paygraph build measures something else than paygraph: its compiled execution
 * missing (a build whose graphql-jit chunk does not load runs every operation on graphql-js).
 */
const DEGRADED = /graphql-jit did not load[^\n]*/;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const ROOT = here('../..');
const HIVE_GATEWAY = here('../../node_modules/@graphql-hive/gateway/dist/bin.js');
const READY_TIMEOUT_MS = 90_000;

/** paygraph's entry as users start it (`npx paygraph`, `npm start`): it bounds its own heap. */
const PAYGRAPH_BIN = here('../../bin/paygraph.mjs');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

interface Command {
  /** The program to start: node unless said (paygraph's bin is run as a program, as npx runs it). */
  program?: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  url: string;
  probe: { path: string; body?: string };
}

function commandOf(name: ContenderName, a: Artifacts, up: Upstream, port: number): Command {
  const graphql = { path: '/graphql', body: JSON.stringify({ query: '{ __typename }' }) };
  const bench = {
    BENCH_REST_URL: up.restUrl,
    BENCH_REST_USER: up.user.id,
    BENCH_REST_KEY: up.user.key,
    PORT: String(port),
  };
  // No response cache (Mesh has none configured; a cached answer makes no REST call) and warnings
  // only in the log, as Mesh is configured.
  const paygraphEnv = { PAYGRAPH_CACHE: 'off', PAYGRAPH_LOG_LEVEL: 'warn' };
  const serve = ['serve', '--rest-url', up.restUrl, '--user-id', up.user.id, '--port', String(port)];
  const url = `http://127.0.0.1:${port}`;
  switch (name) {
    case 'paygraph':
      return {
        // Launched as users do (`npx paygraph serve`: the bin as a program), on the run's own build.
        program: PAYGRAPH_BIN,
        args: serve,
        env: { ...paygraphEnv, PAYGRAPH_AUTH_KEY: up.user.key, PAYGRAPH_CLI: a.paygraphCli },
        cwd: ROOT,
        url: `${url}/graphql`,
        probe: graphql,
      };
    case 'before':
      return {
        // Launched exactly as paygraph, on the build BENCH_BEFORE_CLI names (with BENCH_BEFORE_NODE_OPTIONS
        // as NODE_OPTIONS, to compare node flags on one build).
        program: PAYGRAPH_BIN,
        args: serve,
        env: {
          ...paygraphEnv,
          PAYGRAPH_AUTH_KEY: up.user.key,
          PAYGRAPH_CLI: beforeCli(),
          ...(process.env.BENCH_BEFORE_NODE_OPTIONS
            ? { NODE_OPTIONS: process.env.BENCH_BEFORE_NODE_OPTIONS }
            : {}),
        },
        cwd: ROOT,
        url: `${url}/graphql`,
        probe: graphql,
      };
    case 'naive':
      return {
        // Not a user's launch: given the heap bound paygraph gives itself.
        args: [...HEAP_FLAGS, here('./naive-entry.mjs'), a.paygraphCli],
        env: { ...paygraphEnv, ...bench },
        cwd: ROOT,
        url: `${url}/graphql`,
        probe: graphql,
      };
    case 'mesh':
      return {
        args: [
          HIVE_GATEWAY,
          'supergraph',
          '--config-path',
          here('./mesh/gateway.config.ts'),
          '--port',
          String(port),
          '--host',
          '127.0.0.1',
        ],
        env: { ...bench, BENCH_SUPERGRAPH: a.supergraph },
        cwd: here('./mesh/'),
        url: `${url}/graphql`,
        probe: graphql,
      };
    case 'minimum':
      return { args: [a.minimumServer], env: bench, cwd: ROOT, url, probe: { path: '/health' } };
  }
}

async function probeOnce(url: string, probe: Command['probe']): Promise<boolean> {
  try {
    const response = await fetch(new URL(probe.path, url), {
      method: probe.body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: probe.body,
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

export async function startContender(
  name: ContenderName,
  a: Artifacts,
  up: Upstream,
): Promise<RunningContender> {
  const port = await freePort();
  const c = commandOf(name, a, up, port);
  const started = performance.now();
  const child = spawn(c.program ?? process.execPath, c.args, {
    cwd: c.cwd,
    env: { ...process.env, ...c.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let degraded: string | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    const text = stderr + chunk.toString();
    degraded ??= DEGRADED.exec(text)?.[0];
    stderr = text.slice(-2000);
  });
  const stop = stopper(child);
  while (!(await probeOnce(c.url, c.probe))) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited (code ${child.exitCode}) before answering: ${stderr}`);
    if (performance.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`${name} did not answer within ${READY_TIMEOUT_MS} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const coldStartMs = performance.now() - started;
  const stopChecked = async () => {
    await stop();
    if (degraded) throw new Error(`${name} ran degraded, its numbers are not paygraph's: ${degraded}`);
  };
  return { name, pid: child.pid!, url: c.url, coldStartMs, stop: stopChecked };
}
