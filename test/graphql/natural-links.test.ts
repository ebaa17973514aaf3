// Links by natural key over the real sandbox: Transaction.customer and Token.customer (the Customer
// whose customerId the object names), Customer.transactions and Customer.tokens, each one search
// for a whole page of parents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, count, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(() => h.close());

describe('Transaction.customer', () => {
  it('is the customer with the same customerId, for a page of transactions in one search', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 40, filter: { customerId: { isNull: false } }) {
        nodes { customerId customer { restId customerId } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    const rows = at(r.data, 'space.transactions.nodes') as {
      customerId: string;
      customer: { customerId: string } | null;
    }[];
    expect(rows.length).toBeGreaterThan(1);
    const linked = rows.filter((row) => row.customer !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const row of linked) expect(row.customer?.customerId).toBe(row.customerId);
    expect(count(r.calls)).toEqual({ searchTransactions: 1, searchCustomers: 1 });
  });

  it('costs nothing when no transaction names a customer', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { transactions(first: 5, filter: { customerId: { isNull: true } }) { nodes { customer { restId } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    expect(count(r.calls).searchCustomers ?? 0).toBe(0);
  });
});

describe('Customer.transactions and Customer.tokens', () => {
  it('are the objects naming the customer by customerId, one search each for a page of customers', async () => {
    const r = await h.run(
      `query($s: ID!) { space(id: $s) { customers(first: 10) { nodes { customerId
        transactions(first: 5) { nodes { customerId } }
        tokens(first: 5) { nodes { customerId customer { customerId } } } } } } }`,
      { s: String(h.space) },
    );
    expect(r.errors).toBeUndefined();
    type Customer = {
      customerId: string;
      transactions: { nodes: { customerId: string }[] };
      tokens: { nodes: { customerId: string }[] };
    };
    const customers = at(r.data, 'space.customers.nodes') as Customer[];
    expect(customers.some((c) => c.transactions.nodes.length > 0)).toBe(true);
    for (const c of customers) {
      for (const t of c.transactions.nodes) expect(t.customerId).toBe(c.customerId);
      for (const t of c.tokens.nodes) expect(t.customerId).toBe(c.customerId);
    }
    // The page of customers, one search per relation, and one search for the tokens' customers.
    expect(count(r.calls)).toEqual({
      listCustomers: 1,
      searchCustomers: 1,
      searchTransactions: 1,
      searchTokens: 1,
    });
  });
});
