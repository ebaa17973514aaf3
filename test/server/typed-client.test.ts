// The typed client example (examples/typed-client) runs against the app in process: its generated
// TypedDocumentNode documents are valid for the schema, and its answers are what the sandbox holds.
// That it type-checks is part of `npm run typecheck` (tsconfig includes examples/).
import { describe, expect, it } from 'vitest';
import { request, tour } from '../../examples/typed-client/client';
import { BiggestTransactionsDocument } from '../../examples/typed-client/generated/graphql';
import { useWorld } from '../support/world';

const f = useWorld();
const URL = 'http://paygraph.test/graphql';
const appFetch = (url: string, init: RequestInit) => Promise.resolve(f.app.fetch(url, init));

describe('the typed client example', () => {
  it('runs its tour: spaces, the biggest payments, a new customer', async () => {
    const lines = await tour(URL, appFetch);
    expect(lines[0]).toMatch(/^spaces: Demo Shop Switzerland \(\d+\)/);
    expect(lines.filter((l) => l.startsWith('transaction ')).length).toBe(3);
    expect(lines.at(-1)).toMatch(/^created customer \d+$/);
  });

  it('gets typed answers that match the filter it sent', async () => {
    const { space } = await request(
      URL,
      BiggestTransactionsDocument,
      { space: String(f.space), first: 5, minAmount: 500 },
      appFetch,
    );
    const nodes = space?.transactions?.nodes ?? [];
    expect(nodes.length).toBeGreaterThan(0);
    for (const t of nodes) {
      expect(t.state).toBe('FULFILL');
      // Decimal: exact decimal text (codegen types it string, paygraph's published client type).
      expect(t.authorizationAmount).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(t.authorizationAmount)).toBeGreaterThanOrEqual(500);
    }
    const amounts = nodes.map((t) => Number(t.authorizationAmount ?? 0));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
  });

  it('throws GraphQL errors with their message', async () => {
    await expect(
      request(URL, BiggestTransactionsDocument, { space: 'not-a-space', first: 500, minAmount: 0 }, appFetch),
    ).rejects.toThrow(/paygraph answered/);
  });
});
