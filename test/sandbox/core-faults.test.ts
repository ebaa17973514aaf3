// Faults on demand through the admin endpoint: counted errors, Retry-After, dropped connections,
// operation matching, validation of the settings.
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });

async function admin(method: string, body?: unknown) {
  const r = await fetch(`${f.sandbox.origin}/__admin/faults`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('fault injection', () => {
  it('fails the next N matching requests with the chosen status and Retry-After, then recovers', async () => {
    await admin('PUT', { errorCount: 2, errorStatus: 503, retryAfterSeconds: 3, match: { method: 'GET' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await f.call({ path: '/accounts' })).status);
    expect(statuses).toEqual([503, 503, 200]);
    await admin('PUT', { errorCount: 1, errorStatus: 429, retryAfterSeconds: 2 });
    const limited = await f.call<{ code: string }>({ path: '/accounts' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
    await admin('DELETE');
  });

  it('matches faults by operationId only', async () => {
    await admin('PUT', { errorCount: 1, errorStatus: 500, match: { operationId: 'listSpaces' } });
    expect((await f.call({ path: '/accounts' })).status).toBe(200);
    expect((await f.call({ path: '/spaces' })).status).toBe(500);
    expect((await f.call({ path: '/spaces' })).status).toBe(200);
    await admin('DELETE');
  });

  it('drops the connection of the next matching request', async () => {
    await admin('PUT', { dropCount: 1 });
    await expect(f.call({ path: '/accounts' })).rejects.toThrow();
    expect((await f.call({ path: '/accounts' })).status).toBe(200);
    await admin('DELETE');
  });

  it('adds latency and still answers', async () => {
    await admin('PUT', { latencyMs: 20 });
    expect((await admin('GET')).body.latencyMs).toBe(20);
    expect((await f.call({ path: '/accounts' })).status).toBe(200);
    await admin('DELETE');
  });

  it('refuses invalid settings with a message naming the setting', async () => {
    const r = await admin('PUT', { errorRate: 2 });
    expect(r.status).toBe(400);
    expect(String(r.body.message)).toContain('errorRate');
    expect((await admin('GET')).body.errorRate).toBe(0);
  });

  it('counts requests per operation', async () => {
    await fetch(`${f.sandbox.origin}/__admin/requests`, { method: 'DELETE' });
    await f.call({ path: '/accounts' });
    await f.call({ path: '/accounts' });
    const r = (await (await fetch(`${f.sandbox.origin}/__admin/requests`)).json()) as {
      byOperation: Record<string, number>;
    };
    expect(r.byOperation.listAccounts).toBe(2);
  });
});
