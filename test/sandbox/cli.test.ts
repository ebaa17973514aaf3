// `npx paygraph sandbox` starts alone on loopback and prints one JSON ready line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { signedFetch } from './support/signed-fetch';

const KEY = Buffer.from('cli-test-key-000000000000000000000').toString('base64');
/** For the tests of an option: the smallest seed starts fastest. */
const SMALL = ['--seed-size', 'small'];
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

function readyLine(args: string[]): Promise<Record<string, unknown>> {
  child = spawn(process.execPath, ['bin/paygraph.mjs', 'sandbox', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, unknown>));
    child!.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
}

describe('paygraph sandbox CLI', () => {
  it('prints baseUrl, users and spaces, and serves the API and its OpenAPI document', async () => {
    const ready = await readyLine(['--port', '0', '--seed', '7', '--user', `4242:${KEY}`]);
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\.0$/);
    expect(ready.users).toEqual([{ id: '4242', key: KEY }]);
    expect((ready.spaces as number[]).length).toBeGreaterThanOrEqual(3);
    const origin = new URL(String(ready.baseUrl)).origin;
    const openapi = await fetch(`${String(ready.baseUrl)}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { paths: object }).paths).toHaveProperty(['/payment/transactions']);
    const r = await signedFetch(origin, { path: '/spaces' }, { userId: '4242', key: KEY });
    expect(r.status).toBe(200);
  });

  it('--bulk-limit caps the items of one bulk request (413 beyond)', async () => {
    child?.kill('SIGTERM');
    const ready = await readyLine([...SMALL, '--port', '0', '--bulk-limit', '2', '--user', `4242:${KEY}`]);
    const origin = new URL(String(ready.baseUrl)).origin;
    const space = (ready.spaces as number[])[0];
    const sign = { userId: '4242', key: KEY };
    const bulk = (n: number) =>
      signedFetch(
        origin,
        {
          method: 'POST',
          path: '/customers/bulk',
          space,
          body: Array.from({ length: n }, () => ({ familyName: 'Bulk' })),
        },
        sign,
      );
    expect((await bulk(2)).status).toBe(200);
    expect((await bulk(3)).status).toBe(413);
  });

  it('--clock manual: the clock stands still until advanced at /__admin/clock; another value is refused', async () => {
    child?.kill('SIGTERM');
    const ready = await readyLine([...SMALL, '--port', '0', '--clock', 'manual', '--user', `4242:${KEY}`]);
    const admin = String((ready.clock as { admin: string }).admin);
    expect((ready.clock as { mode: string }).mode).toBe('manual');
    const before = (await (await fetch(admin)).json()) as { now: string };
    const after = (await (
      await fetch(admin, { method: 'POST', body: JSON.stringify({ advance: 'P1D' }) })
    ).json()) as { now: string };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(86_400_000);
    child?.kill('SIGTERM');
    await expect(readyLine(['--port', '0', '--clock', 'sundial'])).rejects.toThrow('sandbox exited with 2');
  });
});
