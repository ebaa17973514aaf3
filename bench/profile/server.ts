// One built paygraph server (`<build>/cli.js serve`) as a child process over a running sandbox, with
// its process CPU time and RSS read from /proc, so a load run can report CPU per operation.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface ServerUnderTest {
  url: string;
  pid: number;
  /** User + system CPU seconds of the process so far. */
  cpuSeconds(): number;
  rssMb(): number;
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

function cpuSeconds(pid: number): number {
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) / 1024;
}

/** Its `graphql` URL when `line` is the ready line (`{"graphql": URL}`). */
function readyLine(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const url = (JSON.parse(line) as { graphql?: unknown }).graphql;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL of the child's ready line. Every other line of its stdout (node's own tracing, such as
 * `--trace-gc-nvp`, may come before it; log lines after it) goes to `onLine`, else is read and dropped,
 * as a log shipper would.
 */
function readyUrl(
  child: ChildProcess,
  stderr: () => string,
  onLine?: (line: string) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server printed no ready line within 60 s')), 60_000);
    child.once('exit', (code) =>
      reject(new Error(`the server exited (code ${code}) before it was ready: ${stderr()}`)),
    );
    let ready = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = ready ? undefined : readyLine(line);
      if (url === undefined) return onLine?.(line);
      ready = true;
      clearTimeout(timer);
      resolve(url);
    });
  });
}

export interface StartOptions {
  /** cli.js of a build (scripts/build.mjs outdir). */
  entry: string;
  restUrl: string;
  userId: string;
  authKey: string;
  nodeArgs?: string[];
  /** Extra environment of the server. */
  env?: Record<string, string>;
  cwd?: string;
  /** Told each line of the server's stdout but the ready line. */
  onLine?: (line: string) => void;
}

export async function startServer(o: StartOptions): Promise<ServerUnderTest> {
  const args = [
    ...(o.nodeArgs ?? []),
    o.entry,
    'serve',
    '--rest-url',
    o.restUrl,
    '--user-id',
    o.userId,
    '--port',
    '0',
  ];
  // The response cache would answer repeated identical operations without work: measure the work.
  return startChild(args, {
    cwd: o.cwd,
    env: { PAYGRAPH_AUTH_KEY: o.authKey, PAYGRAPH_CACHE: 'off', ...o.env },
    onLine: o.onLine,
  });
}

/** Any server child that prints `{"graphql": URL}` once it listens (node `args`, environment added to this one's). */
export async function startChild(
  args: string[],
  o: { cwd?: string; env?: Record<string, string>; onLine?: (line: string) => void } = {},
): Promise<ServerUnderTest> {
  const child = spawn(process.execPath, args, {
    cwd: o.cwd,
    env: { ...process.env, ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const url = await readyUrl(child, () => stderr, o.onLine);
  const pid = child.pid!;
  return {
    url,
    pid,
    cpuSeconds: () => cpuSeconds(pid),
    rssMb: () => rssMb(pid),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
