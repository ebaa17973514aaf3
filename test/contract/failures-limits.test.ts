// Failure cases of the standard operations (issue item 4), expansion (item 6) and limits and errors
// (item 7) that the core tests (test/sandbox/core-*) leave out: the offset boundary, updates of
// missing objects, metadata limits on update, expansion of many-links and of pages, bulk limits,
// the per-user rate limit, and the error envelope of every failure status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { client, signedFetch, type CallOptions } from '../sandbox/support/signed-fetch';

type ErrorBody = { id: string; date: string; code: string; message: string; errors: Record<string, string> };
type Row = Record<string, unknown> & { id: number; version?: number };

const OTHER = { id: '300000', key: Buffer.from('contract-second-user-key-0000001').toString('base64') };
const DEMO = { id: '100000', key: Buffer.from('paygraph-sandbox-demo-key-000001').toString('base64') };
const LIMITED = {
  id: '400000',
  key: Buffer.from('contract-limited-user-key-000001').toString('base64'),
  spaces: [1],
};

let sandbox: RunningSandbox;
let call: ReturnType<typeof client>;
let space: number;

beforeAll(async () => {
  sandbox = await startSandbox({
    users: [DEMO, OTHER, LIMITED],
    settings: { bulkMaxItems: 3 },
  });
  const [user] = sandbox.users;
  call = client(sandbox.origin, { userId: user.id, key: user.key });
  space = sandbox.spaces[0];
});

afterAll(async () => {
  await sandbox?.close();
});

const newCustomer = async () =>
  (await call<Row>({ method: 'POST', path: '/customers', space, body: { givenName: 'Limit' } })).body;

describe('standard operations', () => {
  it('accepts the search offset 10,000 exactly (the limit, not past it)', async () => {
    const r = await call<{ data: Row[]; offset: number }>({
      path: '/payment/transactions/search?offset=10000',
      space,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ offset: 10000, data: [] });
  });

  it('answers 404 to an update of an object that does not exist', async () => {
    const r = await call<ErrorBody>({
      method: 'PATCH',
      path: '/customers/999999999',
      space,
      body: { version: 1, givenName: 'Ghost' },
    });
    expect(r.status).toBe(404);
  });

  it('refuses a search limit of 0 with 400 naming limit', async () => {
    const r = await call<ErrorBody>({ path: '/payment/transactions/search?limit=0', space });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveProperty('limit');
  });
});

describe('expansion', () => {
  it('expands each id of a many-link into its object', async () => {
    const page = await call<{ data: Row[] }>({ path: '/payment/connector-configurations?limit=100', space });
    const config = page.body.data.find(
      (c) => Array.isArray(c.enabledSalesChannels) && c.enabledSalesChannels.length > 0,
    );
    if (!config) throw new Error('no seeded connector configuration with sales channels');
    const collapsed = config.enabledSalesChannels as { id: number }[];
    expect(collapsed.every((link) => Object.keys(link).join() === 'id' && typeof link.id === 'number')).toBe(
      true,
    );
    const ids = collapsed.map((link) => link.id);
    const r = await call<Row>({
      path: `/payment/connector-configurations/${config.id}?expand=enabledSalesChannels`,
      space,
    });
    expect((r.body.enabledSalesChannels as Row[]).map((c) => c.id)).toEqual(ids);
  });

  it('expands a link in every item of a list page and a search page', async () => {
    for (const path of [
      '/payment/refunds?limit=5&expand=transaction',
      '/payment/refunds/search?limit=5&expand=transaction',
    ]) {
      const r = await call<{ data: Row[] }>({ path, space });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      for (const refund of r.body.data) expect(refund.transaction).toMatchObject({ id: expect.any(Number) });
    }
  });
});

describe('limits', () => {
  it('refuses metadata over the limits on update as on create, naming the key', async () => {
    const customer = await newCustomer();
    const key = 'k'.repeat(41);
    const r = await call<ErrorBody>({
      method: 'PATCH',
      path: `/customers/${customer.id}`,
      space,
      body: { version: customer.version, metaData: { [key]: 'v' } },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(key);
  });

  it('answers 413 to a bulk request over the configured maximum (3 here), and accepts 3', async () => {
    const customers = (n: number) => Array.from({ length: n }, (_, i) => ({ givenName: `Bulk ${i}` }));
    const over = await call<ErrorBody>({
      method: 'POST',
      path: '/customers/bulk',
      space,
      body: customers(4),
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await call({ method: 'POST', path: '/customers/bulk', space, body: customers(3) })).status).toBe(
      200,
    );
  });

  it('counts the request rate per application user: one user past the limit does not stop another', async () => {
    // A sandbox of its own, so the small allowance cannot touch the other tests. 30 requests at 5 per
    // second cannot all fit in the fixed one-second windows unless they spread over 6 seconds.
    const limited = await startSandbox({ users: [DEMO, OTHER], settings: { rateLimitPerSecond: 5 } });
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          signedFetch(limited.origin, { path: '/accounts' }, { userId: DEMO.id, key: DEMO.key }),
        ),
      );
      expect(burst.some((r) => r.status === 429)).toBe(true);
      const other = await signedFetch(
        limited.origin,
        { path: '/accounts' },
        { userId: OTHER.id, key: OTHER.key },
      );
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the error envelope of every failure status', () => {
  const cases: [string, number, () => CallOptions & { user?: typeof OTHER }][] = [
    ['403 (no permission in the space)', 403, () => ({ path: '/customers', space, user: LIMITED })],
    ['404 (unknown path)', 404, () => ({ path: '/no-such-resource' })],
    ['404 (unknown object)', 404, () => ({ path: '/customers/999999999', space })],
    [
      '409 (stale version)',
      409,
      () => ({ method: 'PATCH', path: `/customers/${stale.id}`, space, body: { version: 99 } }),
    ],
    ['416 (offset past the limit)', 416, () => ({ path: '/customers/search?offset=10001', space })],
    [
      '413 (bulk over the maximum)',
      413,
      () => ({ method: 'DELETE', path: '/customers/bulk', space, body: [1, 2, 3, 4] }),
    ],
  ];
  let stale: Row;

  beforeAll(async () => {
    stale = await newCustomer();
  });

  it.each(cases)('%s', async (_name, status, build) => {
    const { user = OTHER, ...options } = build();
    const r = await signedFetch<ErrorBody>(sandbox.origin, options, { userId: user.id, key: user.key });
    expect(r.status).toBe(status);
    expect(Object.keys(r.body).sort()).toEqual(['code', 'date', 'errors', 'id', 'message']);
    expect(Date.parse(r.body.date)).not.toBeNaN();
    expect(r.body.message.length).toBeGreaterThan(0);
  });
});
