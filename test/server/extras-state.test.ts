// Extras that do not apply to every row of a page: where the object's state decides (payment page
// URLs), rows in other states answer null without a REST call; where only REST can tell (a document
// a transaction does not have), null with one warning in extensions instead of one error per row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { RecordingCaller, count } from '../support/world';

interface GraphResult {
  data?: { space: { transactions: { nodes: Record<string, unknown>[] } } } | null;
  errors?: { message: string }[];
  extensions?: { warnings?: { code: string; message: string; path: (string | number)[]; count: number }[] };
}

let sandbox: RunningSandbox;
let rest: RestClient;
let space: number;

beforeAll(async () => {
  sandbox = await startSandbox();
  rest = createRestClient({
    baseUrl: sandbox.baseUrl,
    userId: sandbox.users[0].id,
    authKey: sandbox.users[0].key,
  });
  space = sandbox.spaces[0];
  // Two open (PENDING) transactions beside the demo data's closed ones.
  const lineItems = [
    { uniqueId: 'l1', name: 'Item', quantity: 1, amountIncludingTax: 10, type: 'PRODUCT' as const },
  ];
  for (let i = 0; i < 2; i++)
    await rest.call('createTransaction', { space, body: { currency: 'CHF', lineItems } });
});

afterAll(async () => {
  await rest.close();
  await sandbox.close();
});

async function run(query: string): Promise<{ result: GraphResult; calls: Record<string, number> }> {
  const recorder = new RecordingCaller(rest);
  const app: App = createApp({ rest: recorder, graphiql: false });
  const response = await app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { s: String(space) } }),
  });
  return { result: (await response.json()) as GraphResult, calls: count(recorder.calls) };
}

describe('extras by state', () => {
  it('paymentPageUrl: null without a call for rows whose state rules it out, a URL for the others', async () => {
    const { result, calls } = await run(
      `query($s: ID!) { space(id: $s) { transactions(first: 40, orderBy: [{ field: ID, direction: DESC }]) { nodes { state paymentPageUrl } } } }`,
    );
    expect(result.errors).toBeUndefined();
    const rows = result.data!.space.transactions.nodes as { state: string; paymentPageUrl: string | null }[];
    const open = rows.filter((r) => ['PENDING', 'CONFIRMED', 'PROCESSING'].includes(r.state));
    const closed = rows.filter((r) => !open.includes(r));
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    for (const r of open) expect(r.paymentPageUrl).toEqual(expect.stringMatching(/^https?:\/\//));
    for (const r of closed) expect(r.paymentPageUrl).toBeNull();
    expect(calls.getTransactionPaymentPageUrl).toBe(open.length);
    expect(result.extensions?.warnings).toBeUndefined();
  });

  it('invoiceDocument: rows without an invoice answer null, reported once as a warning, not one error per row', async () => {
    const { result } = await run(
      `query($s: ID!) { space(id: $s) { transactions(first: 60) { nodes { state invoiceDocument { title } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    const rows = result.data!.space.transactions.nodes as { invoiceDocument: { title: string } | null }[];
    const missing = rows.filter((r) => r.invoiceDocument === null).length;
    expect(missing).toBeGreaterThan(1);
    expect(rows.length - missing).toBeGreaterThan(0);
    const warnings = result.extensions?.warnings ?? [];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'NOT_FOUND', count: missing });
    expect(warnings[0].message).toMatch(/Transaction\.invoiceDocument/);
    expect(warnings[0].path.slice(0, 3)).toEqual(['space', 'transactions', 'nodes']);
  });
});
