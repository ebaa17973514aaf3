// The supergraph tools as a team runs them, each a child process stopped by its own pid: the
// composition command of the README (`npm run -s compose -- ...`) and Hive Gateway's CLI with the
// README's configuration (examples/supergraph/gateway.config.ts), on a free loopback port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../support/cli-process';
import { freePort } from '../support/redis-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HIVE_GATEWAY = fileURLToPath(
  new URL('../../node_modules/@graphql-hive/gateway/dist/bin.js', import.meta.url),
);
export const GATEWAY_CONFIG = 'examples/supergraph/gateway.config.ts';
const READY_TIMEOUT_MS = 60_000;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run -s compose -- <args>` in the repository, to its end. */
export function runCompose(args: string[]): Promise<Finished> {
  const child = spawn('npm', ['run', '-s', 'compose', '--', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export interface RunningGateway {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** `hive-gateway supergraph <file> --config-path examples/supergraph/gateway.config.ts`, once it answers. */
export async function startGateway(supergraphFile: string): Promise<RunningGateway> {
  const port = await freePort();
  const args = [
    HIVE_GATEWAY,
    'supergraph',
    supergraphFile,
    '--config-path',
    GATEWAY_CONFIG,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const url = `http://127.0.0.1:${port}/graphql`;
  const started = Date.now();
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() - started > READY_TIMEOUT_MS) {
      await stopChild(child);
      throw new Error(`hive-gateway did not answer (exit ${String(child.exitCode)}): ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, stop: () => stopChild(child) };
}
