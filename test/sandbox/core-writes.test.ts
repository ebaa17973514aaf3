// What a write may touch: only the fields its request schema declares, only objects under the
// parent its path names; deletes take nested objects along; space-limited users stay in their spaces;
// Accept negotiation over the offered content types.
import { describe, expect, it } from 'vitest';
import { signedFetch } from './support/signed-fetch';
import { useWorld } from '../support/world';

const LIMITED_KEY = Buffer.from('limited-user-key-0000000000000000').toString('base64');
const f = useWorld({
  graph: false,
  users: [
    { id: '100000', key: Buffer.from('paygraph-sandbox-demo-key-000001').toString('base64') },
    { id: '300000', key: LIMITED_KEY, spaces: [] },
  ],
});
type Json = Record<string, any>;

describe('fields a body may set', () => {
  it('ignores id, version, createdOn and linkedSpaceId in a create body', async () => {
    const [existing] = f.sandbox.seedSummary.perSpace[f.space].customerIds;
    const r = await f.call<Json>({
      method: 'POST',
      path: '/customers',
      space: f.space,
      body: {
        id: existing,
        version: 9,
        createdOn: '1999-01-01T00:00:00Z',
        linkedSpaceId: 1,
        givenName: 'New',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.id).not.toBe(existing);
    expect(r.body).toMatchObject({ version: 1, linkedSpaceId: f.space, givenName: 'New' });
    expect(r.body.createdOn).not.toMatch(/^1999/);
    expect((await f.call<Json>({ path: `/customers/${existing}`, space: f.space })).body.givenName).not.toBe(
      'New',
    );
  });

  it('ignores fields the update body does not declare (id, createdOn, state)', async () => {
    const [id] = f.sandbox.seedSummary.perSpace[f.space].customerIds;
    const before = (await f.call<Json>({ path: `/customers/${id}`, space: f.space })).body;
    const r = await f.call<Json>({
      method: 'PATCH',
      path: `/customers/${id}`,
      space: f.space,
      body: { version: before.version, id: 424242, createdOn: '1999-01-01T00:00:00Z' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, createdOn: before.createdOn, version: before.version + 1 });
    const subscription = f.sandbox.state.store
      .list('Subscription', f.space)
      .find((s) => s.state === 'TERMINATED')!;
    const patched = await f.call<Json>({
      method: 'PATCH',
      path: `/subscriptions/${String(subscription.id)}`,
      space: f.space,
      body: { version: subscription.version, state: 'ACTIVE' },
    });
    expect(patched.body.state).toBe('TERMINATED');
  });
});

describe('optimistic locking', () => {
  it('answers 409 to an update whose version is not the current one (older or newer), at top level and nested, changing nothing', async () => {
    const store = f.sandbox.state.store;
    const customer = store.list('Customer', f.space)[0];
    const address = store.list('CustomerAddress', f.space)[0];
    const targets = [
      {
        model: 'Customer',
        id: customer.id,
        path: `/customers/${String(customer.id)}`,
        version: Number(customer.version),
      },
      {
        model: 'CustomerAddress',
        id: address.id,
        path: `/customers/${String(address.customer)}/addresses/${String(address.id)}`,
        version: Number(address.version),
      },
    ];
    for (const t of targets) {
      for (const version of [t.version - 1, t.version + 1, t.version + 100]) {
        const r = await f.call<Json>({
          method: 'PATCH',
          path: t.path,
          space: f.space,
          body: { version, addressType: 'BILLING', givenName: 'Stale' },
        });
        expect([r.status, r.body.errors], `${t.model} with version ${version}`).toEqual([
          409,
          { version: `current version is ${t.version}` },
        ]);
        expect(store.get(t.model, t.id)?.version).toBe(t.version);
      }
    }
  });
});

describe('nested bases', () => {
  function addressOfAnotherCustomer() {
    const store = f.sandbox.state.store;
    const address = store.list('CustomerAddress', f.space)[0];
    const other = store.list('Customer', f.space).find((c) => c.id !== address.customer)!;
    return { address, other };
  }

  it('refuse to update or delete an object under another parent', async () => {
    const { address, other } = addressOfAnotherCustomer();
    const path = `/customers/${String(other.id)}/addresses/${String(address.id)}`;
    expect(
      (
        await f.call({
          method: 'PATCH',
          path,
          space: f.space,
          body: { version: address.version, addressType: 'BILLING' },
        })
      ).status,
    ).toBe(404);
    expect((await f.call({ method: 'DELETE', path, space: f.space })).status).toBe(404);
    expect(f.sandbox.state.store.get('CustomerAddress', address.id)).toBeDefined();
  });

  it('go with their parent when it is deleted', async () => {
    const customer = (
      await f.call<Json>({
        method: 'POST',
        path: '/customers',
        space: f.space,
        body: { givenName: 'Parent' },
      })
    ).body;
    const address = await f.call<Json>({
      method: 'POST',
      path: `/customers/${customer.id}/addresses`,
      space: f.space,
      body: { customer: customer.id, addressType: 'BILLING', address: { city: 'Bern' } },
    });
    const comment = await f.call<Json>({
      method: 'POST',
      path: `/customers/${customer.id}/comments`,
      space: f.space,
      body: { customer: customer.id, content: 'hello' },
    });
    expect([address.status, comment.status]).toEqual([200, 200]);
    expect(
      (await f.call({ method: 'DELETE', path: `/customers/${customer.id}`, space: f.space })).status,
    ).toBe(204);
    expect(f.sandbox.state.store.get('CustomerAddress', address.body.id)).toBeUndefined();
    expect(f.sandbox.state.store.get('CustomerComment', comment.body.id)).toBeUndefined();
  });
});

describe('a user limited to some spaces', () => {
  const limited = () => ({ userId: '300000', key: LIMITED_KEY });

  it('sees only its spaces and writes nothing at account level', async () => {
    // Limited to the first space only (set on the running sandbox: the seeded ids are known now).
    f.sandbox.state.settings.users.find((u) => u.id === '300000')!.spaces = [f.space];
    const [, other] = f.sandbox.spaces;
    const list = await signedFetch<Json>(f.sandbox.origin, { path: '/spaces?limit=100' }, limited());
    expect(list.body.data.map((s: Json) => s.id)).toEqual([f.space]);
    expect((await signedFetch(f.sandbox.origin, { path: `/spaces/${other}` }, limited())).status).toBe(403);
    expect(
      (
        await signedFetch(
          f.sandbox.origin,
          { method: 'PATCH', path: `/spaces/${f.space}`, body: { version: 1, name: 'x' } },
          limited(),
        )
      ).status,
    ).toBe(403);
    expect(
      (await signedFetch(f.sandbox.origin, { method: 'DELETE', path: `/spaces/${other}` }, limited())).status,
    ).toBe(403);
    expect((await signedFetch(f.sandbox.origin, { path: `/spaces/${f.space}` }, limited())).status).toBe(200);
  });
});

describe('Accept negotiation', () => {
  it('answers a URL as text/plain, or as a JSON string when JSON is asked for', async () => {
    const id = f.sandbox.seedSummary.perSpace[f.space].sampleTransactionIds.PENDING;
    const path = `/payment/transactions/${id}/payment-page-url`;
    const plain = await f.call({ path, space: f.space });
    expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
    const json = await f.call<string>({ path, space: f.space, headers: { accept: 'application/json' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body).toBe(plain.text);
  });

  it('gives 406 when every offered type is excluded, q=0 included', async () => {
    expect(
      (
        await f.call({
          path: '/payment/transactions/export',
          space: f.space,
          headers: { accept: 'text/html' },
        })
      ).status,
    ).toBe(406);
    expect(
      (await f.call({ path: '/accounts', headers: { accept: 'application/json;q=0, text/html' } })).status,
    ).toBe(406);
    expect(
      (
        await f.call({
          path: '/payment/transactions/export',
          space: f.space,
          headers: { accept: 'text/csv' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('many-links in bodies', () => {
  it('are written as the objects the schema types them as, stored as ids, and expand back to objects', async () => {
    const store = f.sandbox.state.store;
    const configuration = store.list('PaymentConnectorConfiguration', f.space)[0];
    const channels = store
      .list('SalesChannel')
      .slice(0, 2)
      .map((c) => c.id);
    const r = await f.call<Json>({
      method: 'PATCH',
      path: `/payment/connector-configurations/${String(configuration.id)}?expand=enabledSalesChannels`,
      space: f.space,
      body: { version: configuration.version, enabledSalesChannels: channels.map((id) => ({ id })) },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.enabledSalesChannels.map((c: Json) => c.id)).toEqual(channels);
    expect(store.get('PaymentConnectorConfiguration', configuration.id)!.enabledSalesChannels).toEqual(
      channels,
    );
    const missing = await f.call<Json>({
      method: 'PATCH',
      path: `/payment/connector-configurations/${String(configuration.id)}`,
      space: f.space,
      body: { version: r.body.version, enabledSalesChannels: [{ id: 987654321 }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('SalesChannel 987654321');
  });
});
