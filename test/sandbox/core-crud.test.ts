// Create, update with optimistic locking, delete; and the same under concurrency.
import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false });

type Customer = {
  id: number;
  version: number;
  createdOn: string;
  givenName?: string;
  linkedSpaceId?: number;
};

async function newCustomer(name = 'Ada'): Promise<Customer> {
  const r = await f.call<Customer>({
    method: 'POST',
    path: '/customers',
    space: f.space,
    body: { givenName: name, familyName: 'Lovelace' },
  });
  expect(r.status).toBe(200);
  return r.body;
}

describe('create, update, delete', () => {
  it('creates with id, version 1 and createdOn', async () => {
    const c = await newCustomer();
    expect(c.id).toBeGreaterThan(0);
    expect(c.version).toBe(1);
    expect(Date.parse(c.createdOn)).not.toBeNaN();
    expect(c.linkedSpaceId).toBe(f.space);
  });

  it('updates with the current version and raises it by one', async () => {
    const c = await newCustomer();
    const r = await f.call<Customer>({
      method: 'PATCH',
      path: `/customers/${c.id}`,
      space: f.space,
      body: { version: 1, givenName: 'Grace' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ version: 2, givenName: 'Grace' });
  });

  it.each([
    ['missing', {}],
    ['stale', { version: 7 }],
  ])('refuses an update with a %s version with 409 and changes nothing', async (_name, version) => {
    const c = await newCustomer('Before');
    const r = await f.call<{ code: string }>({
      method: 'PATCH',
      path: `/customers/${c.id}`,
      space: f.space,
      body: { ...version, givenName: 'After' },
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CONFLICT');
    const now = await f.call<Customer>({ path: `/customers/${c.id}`, space: f.space });
    expect(now.body).toMatchObject({ version: 1, givenName: 'Before' });
  });

  it('deletes with 204, then 404', async () => {
    const c = await newCustomer();
    const r = await f.call({ method: 'DELETE', path: `/customers/${c.id}`, space: f.space });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect((await f.call({ path: `/customers/${c.id}`, space: f.space })).status).toBe(404);
    expect((await f.call({ method: 'DELETE', path: `/customers/${c.id}`, space: f.space })).status).toBe(404);
  });

  it('retrieves 404 for an id that does not exist', async () => {
    const r = await f.call<{ code: string }>({ path: '/customers/999999999', space: f.space });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
  });
});

describe('concurrency', () => {
  it('lets exactly one of N parallel updates with the same version succeed', async () => {
    const c = await newCustomer();
    const n = 20;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        f.call({
          method: 'PATCH',
          path: `/customers/${c.id}`,
          space: f.space,
          body: { version: 1, givenName: `racer-${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(n - 1);
    const now = await f.call<Customer>({ path: `/customers/${c.id}`, space: f.space });
    expect(now.body.version).toBe(2);
  });

  it('never leaves half an object when updates race a delete', async () => {
    const c = await newCustomer();
    const calls = [
      f.call({ method: 'DELETE', path: `/customers/${c.id}`, space: f.space }),
      ...Array.from({ length: 10 }, () =>
        f.call({
          method: 'PATCH',
          path: `/customers/${c.id}`,
          space: f.space,
          body: { version: 1, givenName: 'late' },
        }),
      ),
    ];
    const results = await Promise.all(calls);
    expect(results[0].status).toBe(204);
    for (const r of results.slice(1)) expect([200, 404, 409]).toContain(r.status);
    expect((await f.call({ path: `/customers/${c.id}`, space: f.space })).status).toBe(404);
  });
});
