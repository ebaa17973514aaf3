// Space.transactionExport with the typed arguments of transactions and typed records, over the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld();
});
afterAll(() => h.close());

type Record_ = {
  restId: number;
  state: string;
  authorizationAmount: number | null;
  createdOn: string;
  merchantReference: string | null;
};

describe('transactionExport', () => {
  it('takes filter and orderBy as transactions does and answers typed records', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) {
        transactions(first: 100, filter: { state: { in: [COMPLETED, FULFILL] } }, orderBy: [{ field: CREATED_ON, direction: DESC }]) { nodes { restId } }
        transactionExport(columns: [ID, STATE, AUTHORIZATION_AMOUNT, CREATED_ON], filter: { state: { in: [COMPLETED, FULFILL] } },
          orderBy: [{ field: CREATED_ON, direction: DESC }], limit: 100) { csv records { restId state authorizationAmount createdOn merchantReference } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    const nodes = at(r.data, 'space.transactions.nodes') as { restId: number }[];
    const records = at(r.data, 'space.transactionExport.records') as Record_[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((x) => Number(x.restId))).toEqual(nodes.map((n) => Number(n.restId)));
    for (const x of records) {
      expect(['COMPLETED', 'FULFILL']).toContain(x.state);
      expect(typeof x.authorizationAmount).toBe('string');
      expect(x.createdOn).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(x.merchantReference).toBeNull(); // not a column asked for
    }
    expect((at(r.data, 'space.transactionExport.csv') as string).split(/\r?\n/)[0]).toBe(
      'id,state,authorizationAmount,createdOn',
    );
  });

  it('refuses the typed and the raw form of the same thing together', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactionExport(orderBy: [{ field: ID }], order: "id:ASC") { csv } } }`,
      {
        s: String(h.space),
      },
    );
    expect(r.errors?.[0]?.message).toMatch(/either `orderBy` or `order`/);
    expect(r.calls).toEqual([]);
  });
});
