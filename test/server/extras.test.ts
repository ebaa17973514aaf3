// Read-only extras over the real sandbox: generated GET-extra fields, the CSV export, subscription
// invoices as a connection (walked both ways), transactionByCredentials and the IBAN lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';

interface GraphResult {
  data?: Record<string, any> | null;
  errors?: { message: string; path?: (string | number)[]; extensions: Record<string, unknown> }[];
}

let sandbox: RunningSandbox;
let rest: RestClient;
let app: App;
let space: number;

async function run(
  query: string,
  variables: Record<string, unknown> = {},
  on: App = app,
): Promise<GraphResult> {
  const response = await on.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphResult;
}

async function ok(
  query: string,
  variables: Record<string, unknown> = {},
  on: App = app,
): Promise<Record<string, any>> {
  const result = await run(query, variables, on);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  rest = createRestClient({
    baseUrl: sandbox.baseUrl,
    userId: sandbox.users[0].id,
    authKey: sandbox.users[0].key,
  });
  app = createApp({ rest, graphiql: false });
  space = sandbox.spaces[0];
});

afterAll(async () => {
  await rest?.close();
  await sandbox?.close();
});

describe('extras', () => {
  it('exports transactions as CSV and as parsed rows', async () => {
    const data = await ok(
      `query($s: ID!) { space(id: $s) { transactionExport(fields: ["id", "state"], limit: 4) { csv rows } } }`,
      {
        s: String(space),
      },
    );
    const { csv, rows } = data.space.transactionExport;
    const lines = (csv as string).trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,state');
    expect(rows).toHaveLength(lines.length - 1);
    expect(rows.map((r: Record<string, string>) => `${r.id},${r.state}`)).toEqual(lines.slice(1));
  });

  it('walks a subscription’s invoices forward and backward, each exactly once, as REST lists them', async () => {
    const subs = await ok(
      `query($s: ID!) { space(id: $s) { subscriptions(first: 10) { nodes { restId invoices(first: 1) { pageInfo { hasNextPage } } } } } }`,
      {
        s: String(space),
      },
    );
    const sub = (subs.space.subscriptions.nodes as any[]).find((n) => n.invoices.pageInfo.hasNextPage);
    expect(sub).toBeDefined();
    const fromRest = (await rest.call('searchSubscriptionInvoices', {
      path: { id: sub.restId },
      space,
      query: { limit: 100 },
    })) as {
      data: { id: number }[];
    };
    const page = `query($s: ID!, $id: ID!, $after: String, $before: String, $first: Int, $last: Int) { space(id: $s) { subscription(id: $id) {
      invoices(first: $first, after: $after, last: $last, before: $before) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { restId } } } } }`;
    const forward: number[] = [];
    let after: string | null = null;
    let endCursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const data = await ok(page, { s: String(space), id: String(sub.restId), first: 2, after });
      const conn = data.space.subscription.invoices;
      forward.push(...conn.nodes.map((n: { restId: number }) => n.restId));
      endCursor = conn.pageInfo.endCursor ?? endCursor;
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(forward).toEqual(fromRest.data.map((i) => String(i.id)));
    const backward: number[] = [];
    let before: string | null = endCursor;
    const last = forward.slice(-1);
    for (let i = 0; i < 50 && before; i++) {
      const data = await ok(page, { s: String(space), id: String(sub.restId), last: 2, before });
      const conn = data.space.subscription.invoices;
      backward.unshift(...conn.nodes.map((n: { restId: number }) => n.restId));
      before = conn.pageInfo.hasPreviousPage ? conn.pageInfo.startCursor : null;
    }
    expect([...backward, ...last]).toEqual(forward);
  });

  it('reads a transaction and its checkout data by credentials alone', async () => {
    const data = await ok(
      `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { state: { eq: PENDING } }) { nodes { restId credentials } } } }`,
      {
        s: String(space),
      },
    );
    const { restId, credentials } = data.space.transactions.nodes[0];
    expect(credentials).toEqual(expect.any(String));
    // No REST user is involved in what follows: an app holding credentials only, whose client has
    // no valid key (every JWT-signed call of it would be refused with 401).
    const keyless = createRestClient({
      baseUrl: sandbox.baseUrl,
      userId: 'mobile-app',
      authKey: Buffer.from('no key').toString('base64'),
    });
    const mobile = createApp({ rest: keyless, graphiql: false });
    const denied = await run(`{ spaces(first: 1) { nodes { restId } } }`, {}, mobile);
    expect(denied.errors?.[0].extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 401 });
    const byCredentials = await ok(
      `query($c: String!) { transactionByCredentials(credentials: $c) {
        transaction { id restId state linkedSpace { restId } } mobileSdkUrl oneClickTokens { restId }
        paymentMethodConfigurations(integrationMode: PAYMENT_PAGE) { restId name } } }`,
      { c: credentials },
      mobile,
    );
    const expired = await run(
      `query($c: String!) { transactionByCredentials(credentials: $c) { mobileSdkUrl } }`,
      { c: 'bogus.sig' },
      mobile,
    );
    expect(expired.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(expired.errors?.[0].message).not.toContain("paygraph's configuration");
    await keyless.close();
    const result = byCredentials.transactionByCredentials;
    expect(result.transaction).toMatchObject({ restId, state: 'PENDING' });
    expect(result.transaction.linkedSpace).toEqual({ restId: String(space) }); // from the transaction, no call
    expect(result.mobileSdkUrl).toMatch(/^https?:\/\//);
    expect(Array.isArray(result.oneClickTokens)).toBe(true);
    expect(result.paymentMethodConfigurations.length).toBeGreaterThan(0);
    const node = await ok(`query($id: ID!) { node(id: $id) { ... on Transaction { restId } } }`, {
      id: result.transaction.id,
    });
    expect(node.node.restId).toBe(restId);
  });

  it('answers generated extra fields (URLs, checks, documents) next to plain fields', async () => {
    const data = await ok(
      `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { state: { eq: FULFILL } }) { nodes {
      restId checkTokenCreationPossible packingSlipDocument { title mimeType data } latestLineItemVersion { restId linkedTransactionId } } } } }`,
      {
        s: String(space),
      },
    );
    const node = data.space.transactions.nodes[0];
    expect(typeof node.checkTokenCreationPossible).toBe('boolean');
    expect(node.packingSlipDocument).toMatchObject({
      mimeType: expect.any(String),
      data: expect.any(String),
    });
    expect(node.latestLineItemVersion.linkedTransactionId).toBe(node.restId);
  });

  it('looks up an IBAN', async () => {
    const data = await ok(
      `{ ibanLookup(iban: "CH93 0076 2011 6238 5295 7") { iban formattedIban countryCode } }`,
    );
    expect(data.ibanLookup).toMatchObject({ iban: 'CH9300762011623852957', countryCode: 'CH' });
    // An IBAN the schema allows (a string) but no bank can have is the REST API's 422, not a malformed request.
    const bad = await run(`{ ibanLookup(iban: "CH00 0000") { iban } }`);
    expect(bad.errors?.[0].extensions.code).toBe('UNPROCESSABLE');
  });
});
