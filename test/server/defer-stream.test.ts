// @defer and @stream over the real app: the first part carries what is ready, the deferred extra and
// the streamed items arrive in later parts of one multipart/mixed answer.
import { describe, expect, it } from 'vitest';
import { examples } from '../../src/server/graphiql-examples';
import { useWorld } from '../support/world';

const f = useWorld();

/** The JSON parts of a multipart/mixed answer, in order. */
async function parts(
  query: string,
  variables: Record<string, unknown> = { s: String(f.space) },
): Promise<Record<string, unknown>[]> {
  const response = await f.app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
  const text = await response.text();
  return text
    .split(/\r?\n---/)
    .map((chunk) => chunk.slice(chunk.indexOf('{')))
    .filter((chunk) => chunk.startsWith('{'))
    .map((chunk) => JSON.parse(chunk.trim()) as Record<string, unknown>);
}

describe('@defer and @stream', () => {
  it('answers the GraphiQL Defer tab in parts: transactions first, invoices later', async () => {
    const tab = examples.find((e) => e.title === 'Defer')!;
    const got = await parts(tab.query, tab.variables);
    expect(got.length).toBeGreaterThan(1);
    expect(JSON.stringify(got)).not.toContain('"errors"');
    expect(JSON.stringify(got.slice(1))).toContain('"label":"invoice"');
  });

  it('sends a deferred extra after the rest of the answer', async () => {
    const got =
      await parts(`query($s: ID!) { space(id: $s) { transactions(first: 3, filter: { state: { in: [COMPLETED, FULFILL] } }) {
      nodes { restId state ... @defer(label: "documents") { invoiceDocument { title } } } } } }`);
    expect(got.length).toBeGreaterThan(1);
    const first = got[0] as {
      data: { space: { transactions: { nodes: Record<string, unknown>[] } } };
      hasNext: boolean;
    };
    expect(first.hasNext).toBe(true);
    for (const node of first.data.space.transactions.nodes)
      expect(node).not.toHaveProperty('invoiceDocument');
    const later = JSON.stringify(got.slice(1));
    expect(later).toContain('"label":"documents"');
    expect(later).toContain('invoiceDocument');
    expect((got[got.length - 1] as { hasNext: boolean }).hasNext).toBe(false);
  });

  it('streams list items after the first ones', async () => {
    const got = await parts(
      `query($s: ID!) { space(id: $s) { transactions(first: 5) { nodes @stream(initialCount: 2) { restId } } } }`,
    );
    const first = got[0] as { data: { space: { transactions: { nodes: unknown[] } } } };
    expect(first.data.space.transactions.nodes).toHaveLength(2);
    const streamed = got
      .slice(1)
      .flatMap((p) =>
        ((p.incremental as { items?: unknown[] }[] | undefined) ?? []).flatMap((i) => i.items ?? []),
      );
    expect(streamed).toHaveLength(3);
  });

  it('refuses @stream on a field that is no list, however often the document is sent (validation is kept per document)', async () => {
    const query = `query($s: ID!) { space(id: $s) { restId @stream(initialCount: 1) } }`;
    for (let i = 0; i < 3; i++) {
      const answer = await f.graph(query, { s: String(f.space) });
      expect(answer.data).toBeUndefined();
      expect(answer.errors?.[0].message).toMatch(/Stream directive cannot be used on non-list/);
    }
    // A valid document sent as often keeps its answer.
    const valid = `query($s: ID!) { space(id: $s) { restId } }`;
    for (let i = 0; i < 3; i++)
      expect((await f.graph(valid, { s: String(f.space) })).data).toEqual({
        space: { restId: String(f.space) },
      });
  });
});
