// Graceful shutdown of the real CLI: SIGTERM while a slow query is in flight; the query is answered,
// the process exits 0, and its log line (stderr) carries the request id and no key.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

interface ReadyLine {
  graphql: string;
  sandbox: { baseUrl: string; users: { key: string }[] };
}

let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

function start(): Promise<{ ready: ReadyLine; stderr: () => string; exited: Promise<number | null> }> {
  const proc = spawn(
    './bin/paygraph.mjs',
    ['start', '--port', '0', '--sandbox-port', '0', '--seed-size', 'small'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PAYGRAPH_LOG_LEVEL: 'info' },
    },
  );
  child = proc;
  let err = '';
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (newline >= 0)
        resolve({ ready: JSON.parse(out.slice(0, newline)) as ReadyLine, stderr: () => err, exited });
    });
    proc.once('exit', (code) => reject(new Error(`paygraph exited with ${code} before ready: ${err}`)));
  });
}

async function restCallsSeen(admin: string): Promise<number> {
  const counts = (await (await fetch(`${admin}/requests`)).json()) as { byOperation: Record<string, number> };
  return counts.byOperation.listAccounts ?? 0;
}

describe('graceful shutdown', () => {
  it('answers the query in flight at SIGTERM, then exits 0', async () => {
    const { ready, stderr, exited } = await start();
    const admin = `${new URL(ready.sandbox.baseUrl).origin}/__admin`;
    await fetch(`${admin}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 1_500, match: { operationId: 'listAccounts' } }),
    });
    const answer = fetch(ready.graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'shutdown-test-1' },
      body: JSON.stringify({ query: 'query Slow { accounts(first: 1) { nodes { id } } }' }),
    });
    // The sandbox counts a call when it arrives, before its latency: the query is then in flight.
    while ((await restCallsSeen(admin)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    child!.kill('SIGTERM');

    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('shutdown-test-1');
    const body = (await response.json()) as { data?: { accounts: { nodes: unknown[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.accounts.nodes).toHaveLength(1);
    expect(await exited).toBe(0);

    const line = stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === 'shutdown-test-1');
    expect(line).toMatchObject({ operation: 'Slow', outcome: 'success' });
    expect(stderr()).not.toContain(ready.sandbox.users[0].key);
  });
});
