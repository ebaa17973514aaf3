// Contract of the mutations beyond payments (accounts, spaces, customers, manual tasks, subscriptions)
// against the sandbox's demo data: each is called once with the row of its table and answers its
// payload or the typed error the data makes certain, never a GraphQL error. The rows live in
// support/contract-other.ts; together with support/contract-payments.ts they cover every mutation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import { startWorld, type TestWorld } from '../support/world';
import { runCase } from './support/contract-case';
import { Fixtures } from './support/contract-fixtures';
import { otherCases } from './support/contract-other';
import { paymentCases } from './support/contract-payments';

let h: TestWorld;
let f: Fixtures;

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  f = new Fixtures(h);
});
afterAll(() => h?.close());

describe('the contract tables', () => {
  it('have one row for every mutation of the schema, and none for a mutation that does not exist', () => {
    const rows = [...Object.keys(paymentCases), ...Object.keys(otherCases)];
    expect(rows.length).toBe(new Set(rows).size);
    expect(rows.sort()).toEqual(Object.keys(schema.getMutationType()?.getFields() ?? {}).sort());
  });
});

describe('every mutation beyond payments on demo data', () => {
  it.each(Object.entries(otherCases))('%s', async (name, row) => {
    await runCase(f, name, row);
  });
});
