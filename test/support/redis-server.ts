// A real redis-server for a test file: started on a free loopback port, stopped by its process id
// after. By default nothing is persisted; `persistence: 'always'` keeps an append-only file fsynced
// at every write (what the README asks of a production Redis) in a temporary directory, so a kill
// and a restart lose nothing. `kill` (SIGKILL), `restart` (same port, same files) and `flushAll`
// are the faults the exactly-once tests inject. Tests that need it skip when Debian's redis-server
// is not installed (`.ci/run` installs it, so CI always runs them).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServerOptions {
  /** `none` (default): nothing kept across a restart. `always`: appendonly yes, appendfsync always. */
  persistence?: 'none' | 'always';
  /** Extra `--name value` arguments (e.g. `['--maxmemory-policy', 'allkeys-lru']`). */
  args?: string[];
}

export interface RunningRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM) and waits for its exit; its files are removed. */
  stop(): Promise<void>;
  /** Kills it (SIGKILL), as a crash would; `restart` brings it back. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same files, or with none (`empty`: what a Redis without persistence comes back as). */
  restart(o?: { empty?: boolean }): Promise<void>;
  /** Stops answering without closing a connection (SIGSTOP), as a hung server does; `resume` (SIGCONT) ends it. */
  pause(): void;
  resume(): void;
  /** FLUSHALL: every key gone, as a failover to an empty replica would leave it. */
  flushAll(): Promise<void>;
  /** Whether it runs now. */
  readonly running: boolean;
}

/** A port free on loopback now (the caller binds it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${String(code)}: ${output}`));
    });
  });
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startRedis(o: RedisServerOptions = {}): Promise<RunningRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-redis-'));
  const persistence =
    o.persistence === 'always' ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--dir',
    dir,
    ...persistence,
    ...(o.args ?? []),
  ];
  let child: ChildProcess;
  const spawnServer = async () => {
    child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await ready(child);
  };
  await spawnServer();
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    stop: async () => {
      await exited(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => exited(child, 'SIGKILL'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    restart: async ({ empty = false } = {}) => {
      if (empty)
        for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
      await spawnServer();
    },
    flushAll: async () => {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
  };
}
