// The sandbox of a round as a child process of the run's own build (`<build>/cli.js sandbox --port 0`),
// so that sandbox and paygraph come from one snapshot of src/ even if src/ changes during the run.
// Ready when it prints its JSON line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { SandboxFacts } from './fixture';

export interface RunningSandbox extends SandboxFacts {
  /** http://host:port, for /__admin. */
  origin: string;
  stop(): Promise<void>;
}

interface ReadyLine {
  baseUrl: string;
  users: { id: string; key: string }[];
  spaces: number[];
  cardPaymentMethodConfigurations: Record<string, number>;
}

const READY_TIMEOUT_MS = 90_000;

export async function startSandbox(cli: string): Promise<RunningSandbox> {
  // Its stderr is kept (the last lines, for a failure) rather than shared: on a terminal the sandbox
  // would draw its seeding bar across the bench's own.
  const child = spawn(process.execPath, [cli, 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-4_000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the sandbox printed no ready line within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code) =>
      reject(new Error(`the sandbox exited (code ${code}) before it was ready:\n${stderr}`)),
    );
    createInterface({ input: child.stdout }).once('line', (text) => {
      clearTimeout(timer);
      resolve(text);
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const ready = JSON.parse(line) as ReadyLine;
  return {
    baseUrl: ready.baseUrl,
    users: ready.users,
    spaces: ready.spaces,
    cardConfigurations: ready.cardPaymentMethodConfigurations,
    origin: new URL(ready.baseUrl).origin,
    stop,
  };
}
