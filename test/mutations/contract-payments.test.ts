// Contract of the payment mutations against the sandbox's demo data: each is called once with the
// row of its table and answers its payload or the typed error the data makes certain, never a
// GraphQL error. The rows live in support/contract-payments.ts.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startWorld, type TestWorld } from '../support/world';
import { runCase } from './support/contract-case';
import { Fixtures } from './support/contract-fixtures';
import { paymentCases } from './support/contract-payments';

let h: TestWorld;
let f: Fixtures;

beforeAll(async () => {
  h = await startWorld();
  f = new Fixtures(h);
});
afterAll(() => h?.close());

describe('every payment mutation on demo data', () => {
  it.each(Object.entries(paymentCases))('%s', async (name, row) => {
    await runCase(f, name, row);
  });
});
