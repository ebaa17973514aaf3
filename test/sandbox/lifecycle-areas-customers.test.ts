// Scenarios over HTTP: customer merge, bulk create/update/delete (limit and all-or-nothing), email
// addresses, default address, and comment pin/unpin on customers, transactions, invoices and refunds.
import { describe, expect, it } from 'vitest';
import { expectingStatus } from './support/sandbox';
import { useWorld } from '../support/world';

const BULK_MAX = 5;
const f = useWorld({ graph: false, settings: { bulkMaxItems: BULK_MAX } });
type Obj = Record<string, any>;

const ok200 = expectingStatus(f);

const createCustomer = (body: Obj) => ok200({ method: 'POST', path: '/customers', body });
const transactionsOf = async (customerId: string) =>
  (
    await ok200<{ data: Obj[] }>({
      path: `/payment/transactions/search?limit=100&query=customerId:${customerId}`,
    })
  ).data;

describe('customer merge', () => {
  it('moves addresses, comments and transactions of the other customer, which is gone', async () => {
    // A seeded customer with transactions is merged into a new one.
    let other: Obj | undefined;
    let otherTransactions: Obj[] = [];
    for (const id of (f.sandbox.seedSummary as any).perSpace[f.space].customerIds as number[]) {
      other = await ok200({ path: `/customers/${id}` });
      otherTransactions = await transactionsOf(other!.customerId);
      if (otherTransactions.length) break;
    }
    expect(otherTransactions.length).toBeGreaterThan(0);
    const target = await createCustomer({ customerId: 'merge-target', givenName: 'Mia' });
    const otherId: number = other!.id;
    const address = await ok200({
      method: 'POST',
      path: `/customers/${otherId}/addresses`,
      body: {
        customer: otherId,
        addressType: 'BILLING',
        address: { city: 'Bern', emailAddress: 'mia.work@example.com' },
      },
    });
    const comment = await ok200({
      method: 'POST',
      path: `/customers/${otherId}/comments`,
      body: { customer: otherId, content: 'moved along' },
    });

    const merged = await ok200({ method: 'POST', path: `/customers/${target.id}/merge/${otherId}` });
    expect([merged.id, merged.version, merged.givenName, merged.familyName]).toEqual([
      target.id,
      2,
      'Mia',
      other!.familyName,
    ]);
    expect((await f.call({ space: f.space, path: `/customers/${otherId}` })).status).toBe(404);

    const movedAddress = await ok200({ path: `/customers/${target.id}/addresses/${address.id}` });
    expect([movedAddress.customer, movedAddress.version]).toEqual([{ id: target.id }, 2]);
    const movedComment = await ok200({ path: `/customers/${target.id}/comments/${comment.id}` });
    expect([movedComment.customer, movedComment.version]).toEqual([{ id: target.id }, 2]);
    expect(
      (await f.call({ space: f.space, path: `/customers/${otherId}/comments/${comment.id}` })).status,
    ).toBe(404);
    expect(await transactionsOf(other!.customerId)).toEqual([]);
    expect((await transactionsOf('merge-target')).map((t) => t.id).sort()).toEqual(
      otherTransactions.map((t) => t.id).sort(),
    );

    const emails = await ok200<{ data: Obj[] }>({ path: `/customers/${target.id}/email-addresses` });
    expect(emails.data.map((e) => e.emailAddress)).toEqual(
      expect.arrayContaining([other!.emailAddress, 'mia.work@example.com']),
    );
  });

  it('refuses to merge a customer with itself or with one that does not exist', async () => {
    const c = await createCustomer({ givenName: 'Solo' });
    expect(
      (await f.call<Obj>({ space: f.space, method: 'POST', path: `/customers/${c.id}/merge/${c.id}` }))
        .status,
    ).toBe(422);
    expect(
      (await f.call<Obj>({ space: f.space, method: 'POST', path: `/customers/${c.id}/merge/999999999` }))
        .status,
    ).toBe(404);
    expect((await ok200({ path: `/customers/${c.id}` })).version).toBe(1);
  });
});

describe('default address', () => {
  it('sets one default and clears the others', async () => {
    const c = await createCustomer({ givenName: 'Addy' });
    const a = await ok200({
      method: 'POST',
      path: `/customers/${c.id}/addresses`,
      body: { customer: c.id, addressType: 'BILLING', address: { city: 'Basel' } },
    });
    const b = await ok200({
      method: 'POST',
      path: `/customers/${c.id}/addresses`,
      body: { customer: c.id, addressType: 'SHIPPING', address: { city: 'Chur' } },
    });
    await ok200({ method: 'POST', path: `/customers/${c.id}/addresses/${a.id}/default` }, 204);
    await ok200({ method: 'POST', path: `/customers/${c.id}/addresses/${b.id}/default` }, 204);
    const [na, nb] = [
      await ok200({ path: `/customers/${c.id}/addresses/${a.id}` }),
      await ok200({ path: `/customers/${c.id}/addresses/${b.id}` }),
    ];
    expect([na.defaultAddress, na.version, nb.defaultAddress, nb.version]).toEqual([false, 3, true, 2]);
    const stranger = await createCustomer({ givenName: 'Stranger' });
    expect(
      (
        await f.call({
          space: f.space,
          method: 'POST',
          path: `/customers/${stranger.id}/addresses/${a.id}/default`,
        })
      ).status,
    ).toBe(404);
  });
});

describe('customer bulk operations', () => {
  const count = async () =>
    (await ok200<{ data: Obj[] }>({ path: '/customers/search?limit=100&query=familyName:Bulk' })).data.length;

  it('creates, updates and deletes within the limit', async () => {
    const created = await ok200<Obj[]>({
      method: 'POST',
      path: '/customers/bulk',
      body: [1, 2, 3].map((n) => ({
        givenName: `B${n}`,
        familyName: 'Bulk',
        emailAddress: `b${n}@example.com`,
        preferredCurrency: 'CHF',
      })),
    });
    expect(created.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(created[0].link).toBe(`/api/v2.0/customers/${created[0].id}`);
    expect(await count()).toBe(3);

    const updated = await ok200<Obj[]>({
      method: 'PATCH',
      path: '/customers/bulk',
      body: created.map((r) => ({ id: r.id, version: 1, language: 'fr-CH' })),
    });
    expect(updated.map((r) => r.id)).toEqual(created.map((r) => r.id));
    const one = await ok200({ path: `/customers/${created[0].id}` });
    expect([one.language, one.version, one.givenName]).toEqual(['fr-CH', 2, 'B1']);

    const deleted = await ok200<Obj[]>({
      method: 'DELETE',
      path: '/customers/bulk',
      body: created.map((r) => r.id),
    });
    expect(deleted.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect(await count()).toBe(0);
  });

  it('answers 413 over the limit and writes nothing', async () => {
    const items = Array.from({ length: BULK_MAX + 1 }, (_, n) => ({
      givenName: `X${n}`,
      familyName: 'Bulk',
    }));
    const r = await f.call<Obj>({ space: f.space, method: 'POST', path: '/customers/bulk', body: items });
    expect([r.status, r.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(r.body.message).toContain(String(BULK_MAX));
    expect(await count()).toBe(0);
  });

  it('is all or nothing: one bad item refuses the whole request', async () => {
    const bad = await f.call<Obj>({
      space: f.space,
      method: 'POST',
      path: '/customers/bulk',
      body: [
        { givenName: 'Fine', familyName: 'Bulk' },
        { familyName: 'Bulk', emailAddress: 'not-an-email' },
        { familyName: 'Bulk', preferredCurrency: 'ZZZ' },
      ],
    });
    expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([
      422,
      ['[1].emailAddress', '[2].preferredCurrency'],
    ]);
    expect(await count()).toBe(0);

    const [a, b] = await ok200<Obj[]>({
      method: 'POST',
      path: '/customers/bulk',
      body: [{ familyName: 'Bulk' }, { familyName: 'Bulk' }],
    });
    const stale = await f.call<Obj>({
      space: f.space,
      method: 'PATCH',
      path: '/customers/bulk',
      body: [
        { id: a.id, version: 1, givenName: 'New' },
        { id: b.id, version: 7, givenName: 'New' },
      ],
    });
    expect([stale.status, Object.keys(stale.body.errors)]).toEqual([409, ['[1].version']]);
    expect((await ok200({ path: `/customers/${a.id}` })).givenName).toBeUndefined();

    const missing = await f.call<Obj>({
      space: f.space,
      method: 'DELETE',
      path: '/customers/bulk',
      body: [a.id, 999999999],
    });
    expect([missing.status, Object.keys(missing.body.errors)]).toEqual([404, ['[1]']]);
    expect(await count()).toBe(2);
  });
});

describe('comment pin and unpin', () => {
  async function parents(): Promise<[string, string, number][]> {
    const customer = await createCustomer({ givenName: 'Commented' });
    const transactionId: number = (f.sandbox.seedSummary as any).perSpace[f.space].sampleTransactionIds
      .FULFILL;
    const invoice = (await ok200<{ data: Obj[] }>({ path: '/payment/transactions/invoices?limit=1' }))
      .data[0];
    const refund = (await ok200<{ data: Obj[] }>({ path: '/payment/refunds?limit=1' })).data[0];
    return [
      [`/customers/${customer.id}/comments`, 'customer', customer.id],
      [`/payment/transactions/${transactionId}/comments`, 'transaction', transactionId],
      [`/payment/transactions/invoices/${invoice.id}/comments`, 'transactionInvoice', invoice.id],
      [`/payment/refunds/${refund.id}/comments`, 'refund', refund.id],
    ];
  }

  it('pins and unpins on all four kinds of comment', async () => {
    for (const [base, field, parentId] of await parents()) {
      const comment = await ok200({
        method: 'POST',
        path: base,
        body: { [field]: parentId, content: `note on ${field}` },
      });
      expect([comment.pinned ?? false, comment.version]).toEqual([false, 1]);
      const read = () => ok200({ path: `${base}/${comment.id}` });

      await ok200({ method: 'POST', path: `${base}/${comment.id}/pin` }, 204);
      expect([(await read()).pinned, (await read()).version]).toEqual([true, 2]);
      await ok200({ method: 'POST', path: `${base}/${comment.id}/pin` }, 204); // already pinned: unchanged
      expect((await read()).version).toBe(2);
      await ok200({ method: 'POST', path: `${base}/${comment.id}/unpin` }, 204);
      expect([(await read()).pinned, (await read()).version]).toEqual([false, 3]);

      const foreign = base.replace(/\/\d+\/comments$/, '/999999999/comments');
      expect(
        (await f.call({ space: f.space, method: 'POST', path: `${foreign}/${comment.id}/pin` })).status,
        foreign,
      ).toBe(404);
    }
  });
});
