// The real CLI (`bin/paygraph.mjs <command>`, run as a program, as npx runs it) as a child process for
// tests: started with extra environment, resolved with its JSON ready line (the first line on stdout),
// stopped by its own process id. Tests that need several processes (scale-out, shutdown) share this
// instead of each spawning its own way.
import { spawn, type ChildProcess } from 'node:child_process';

export interface CliProcess<T> {
  child: ChildProcess;
  ready: T;
  /** What the process wrote on stderr so far. */
  stderr(): string;
}

/** `started`, when given, gets the child as soon as it is spawned (to stop it even if it never gets ready). */
export function startCli<T>(
  args: string[],
  env: Record<string, string> = {},
  started?: ChildProcess[],
): Promise<CliProcess<T>> {
  const child = spawn('./bin/paygraph.mjs', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  started?.push(child);
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, ready: JSON.parse(out.slice(0, newline)) as T, stderr: () => err });
    });
    child.once('exit', (code) =>
      reject(new Error(`paygraph ${args[0]} exited with ${code} before ready: ${err}`)),
    );
  });
}

/** Stops a child by its process id (SIGTERM unless told otherwise) and waits for its exit. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
