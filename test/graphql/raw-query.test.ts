// The raw `query:` argument is parsed and embedded as one expression: whatever text a client sends, a
// child connection never reaches beyond its parent, and a malformed query is refused naming where.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
let txId: number;
beforeAll(async () => {
  h = await startWorld();
  const refunds = (await h.rest.call('searchRefunds', { space: h.space, query: { limit: 1 } })) as {
    data: { transaction: { id: number } }[];
  };
  txId = refunds.data[0].transaction.id; // a collapsed link, as REST answers it
});
afterAll(() => h?.close());

const query = `query($s: ID!, $t: ID!, $q: String) { space(id: $s) { transaction(id: $t) {
  refunds(first: 50, query: $q) { nodes { restId transaction { restId } } } } } }`;

async function refundParents(raw: string): Promise<{ parents: number[]; code?: unknown }> {
  const r = await h.run(query, { s: String(h.space), t: String(txId), q: raw });
  const nodes = (at(r.data, 'space.transaction.refunds.nodes') ?? []) as {
    transaction: { restId: string };
  }[];
  return { parents: nodes.map((n) => Number(n.transaction.restId)), code: r.errors?.[0]?.extensions?.code };
}

describe('raw query argument', () => {
  it('cannot close its own parentheses to cancel the parent condition', async () => {
    const r = await refundParents('id:1) OR (-id:*');
    expect(r.parents).toEqual([]);
    expect(r.code).toBe('BAD_USER_INPUT');
  });

  it('a malformed query is BAD_USER_INPUT naming the position', async () => {
    const r = await h.run(query, { s: String(h.space), t: String(txId), q: 'id:>1 OR (id:2' });
    expect(r.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', position: 9 },
      message: expect.stringMatching(/^query: .*position 9/),
    });
  });

  it('a well-formed query that matches everything stays inside the parent', async () => {
    for (const raw of ['-id:* OR id:*', 'NOT (id:*)', 'id:>0 OR transaction:*']) {
      const r = await refundParents(raw);
      expect(r.code).toBeUndefined();
      expect(r.parents.length).toBeGreaterThan(0);
      expect(new Set(r.parents)).toEqual(new Set([txId]));
    }
  });

  it('no text built from query syntax pieces widens the child connection', async () => {
    const term = fc.constantFrom('id:*', '-id:*', 'id:>0', 'id:1', 'transaction:*', 'NOT id:*', '"x"', "'");
    const piece = fc.oneof(
      term,
      fc.constantFrom('(', ')', ') OR (', ' OR ', ' AND ', ' ', '-', 'NOT ', '"', '\\'),
    );
    // Texts shaped like an escape from the wrapping parentheses, and free mixtures of the pieces.
    const escape = fc
      .tuple(term, fc.constantFrom(') OR (', ') OR ', ')) OR ((', ') OR -('), term)
      .map((t) => t.join(''));
    const mixture = fc.array(piece, { minLength: 1, maxLength: 9 }).map((p) => p.join(''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(escape, mixture), async (raw) => {
        const r = await refundParents(raw);
        expect(r.parents.every((p) => p === txId)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
