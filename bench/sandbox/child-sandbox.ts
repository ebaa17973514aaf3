// The sandbox under test as a child process (so that the load generator does not share its event
// loop): `paygraph sandbox --port 0`, ready when it prints its one JSON line.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchUser } from './signer';

export interface ReadyLine {
  baseUrl: string;
  users: BenchUser[];
  spaces: number[];
}

export interface ChildSandbox extends ReadyLine {
  pid: number;
  stop(): Promise<void>;
}

const BIN = fileURLToPath(new URL('../../bin/paygraph.mjs', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

function readyLine(child: ChildProcess): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the sandbox printed no ready line within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.once('exit', (code) => reject(new Error(`the sandbox exited (code ${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as ReadyLine);
      } catch {
        reject(new Error(`the sandbox's first line is not JSON: ${line.slice(0, 200)}`));
      }
    });
  });
}

/** Starts the sandbox; `nodeArgs` go to node itself (e.g. `--cpu-prof`). */
export async function startChildSandbox(nodeArgs: string[] = []): Promise<ChildSandbox> {
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await readyLine(child);
  return {
    ...ready,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
