// The processes of the abuse benchmark, each started on loopback and stopped by its own pid: the
// sandbox (with a little latency on every REST call), paygraph (the production build's `serve`,
// api-keys mode, the key file made here) and the abusive clients' process.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from '../../scripts/build.mjs';
import type { AbuserSetup, Counts, FromAbusers, ToAbusers } from './abusers';

/** paygraph (and the sandbox) as they ship: the production build, made into a folder of the run's own. */
const BUILD_DIR = join(import.meta.dirname, '../../node_modules/.cache/paygraph-abuse/dist');

export interface Sandbox {
  child: ChildProcess;
  baseUrl: string;
  origin: string;
  userId: string;
  key: string;
  space: number;
}

/** The first stdout line of a child, as JSON; rejects if it exits first. */
function readyLine<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`${what} exited with ${String(code)} before it was ready`)),
    );
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as T));
  });
}

export async function startSandbox(latencyMs: number): Promise<Sandbox> {
  const child = spawn(process.execPath, [await build(BUILD_DIR), 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await readyLine<{ baseUrl: string; users: { id: string; key: string }[]; spaces: number[] }>(
    child,
    'the sandbox',
  );
  const origin = new URL(ready.baseUrl).origin;
  const faults = await fetch(`${origin}/__admin/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs }),
  });
  if (!faults.ok) throw new Error(`the sandbox refused the latency fault: ${faults.status}`);
  const [user] = ready.users;
  return { child, baseUrl: ready.baseUrl, origin, userId: user.id, key: user.key, space: ready.spaces[0] };
}

export interface Paygraph {
  child: ChildProcess;
  url: string;
}

/** paygraph in api-keys mode; `keysFile` holds the hashes of every client's key; a CPU profile of it goes to `profileDir`. */
export async function startPaygraph(
  sandbox: Sandbox,
  keysFile: string,
  env: Record<string, string>,
  profileDir?: string,
): Promise<Paygraph> {
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const cli = await build(BUILD_DIR);
  const child = spawn(process.execPath, [...profile, cli, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PAYGRAPH_REST_URL: sandbox.baseUrl,
      PAYGRAPH_USER_ID: sandbox.userId,
      PAYGRAPH_AUTH_KEY: sandbox.key,
      PAYGRAPH_AUTH: 'api-keys',
      PAYGRAPH_API_KEYS_FILE: keysFile,
      PAYGRAPH_LOG_LEVEL: 'silent',
      ...env,
    },
  });
  const ready = await readyLine<{ graphql: string }>(child, 'paygraph');
  return { child, url: ready.graphql };
}

export interface Abusers {
  start(): void;
  /** Stops every loop; resolves with what their requests got once the last one has ended. */
  stop(): Promise<Counts>;
  child: ChildProcess;
}

export async function startAbusers(setup: AbuserSetup): Promise<Abusers> {
  const child = fork(join(import.meta.dirname, 'abusers.ts'), [JSON.stringify(setup)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<FromAbusers>((resolve) => child.once('message', (m: FromAbusers) => resolve(m)));
  const send = (m: ToAbusers) => child.send(m);
  if ((await next()).type !== 'ready') throw new Error('the abusers did not start');
  return {
    child,
    start: () => send({ type: 'start' }),
    stop: async () => {
      const stopped = next();
      send({ type: 'stop' });
      const m = await stopped;
      return m.type === 'stopped' ? m.counts : {};
    },
  };
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// The control: a bare node:http server that reads every request and refuses it, so the abusers do
// the same work on their side while paygraph has none of it. What the calm client loses then is the
// machine's (shared cores), not paygraph's.
const CONTROL = `require('node:http')
  .createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(413, { 'content-type': 'application/json' }); s.end('{"errors":[{"message":"control","extensions":{"code":"CONTROL"}}]}'); }); })
  .listen(0, '127.0.0.1', function () { console.log(JSON.stringify({ graphql: 'http://127.0.0.1:' + this.address().port + '/graphql' })); });`;

export async function startControl(): Promise<Paygraph> {
  const child = spawn(process.execPath, ['-e', CONTROL], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await readyLine<{ graphql: string }>(child, 'the control server');
  return { child, url: ready.graphql };
}
