// Objects reached below the REST expand depth limit (4): the parent's call cannot expand links or
// omitted-by-default properties for them, so they must be fetched again rather than answered as
// they arrived (which left such properties null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld();
});
afterAll(() => h?.close());

type Tx = { restId: number; allowedPaymentMethodBrands: number[] | null };
const path = 'initialInvoice.completion.lineItemVersion.transaction';
const query = `query($s: ID!) { space(id: $s) { dunningCases(first: 20) { nodes { restId
  initialInvoice { completion { lineItemVersion { transaction { restId allowedPaymentMethodBrands } } } } } } } }`;

describe('expand depth limit', () => {
  it('an omitted-by-default property of an object at depth 4 is answered, not null', async () => {
    const first = await h.run(query, { s: String(h.space) });
    expect(first.errors).toBeUndefined();
    const reached = (at(first.data, 'space.dunningCases.nodes') as Record<string, unknown>[])
      .map((n) => at(n, path) as Tx | null)
      .filter((t): t is Tx => typeof t?.restId === 'string');
    expect(reached.length).toBeGreaterThan(0);
    const brands = [111, 222];
    const stored = h.sandbox.state.store.get('Transaction', Number(reached[0].restId), h.space);
    expect(stored).toBeDefined();
    stored!.allowedPaymentMethodBrands = brands;

    const r = await h.run(query, { s: String(h.space) });
    expect(r.errors).toBeUndefined();
    const again = (at(r.data, 'space.dunningCases.nodes') as Record<string, unknown>[]).map(
      (n) => at(n, path) as Tx | null,
    );
    expect(again.find((t) => t?.restId === reached[0].restId)?.allowedPaymentMethodBrands).toEqual(
      brands.map(String),
    );
  });
});
