// The cost estimate of fields with a rule of their own, attacked (finding 11 of the security round
// 3: 30 by-credentials lookups were estimated 0 and made 30; account actions with a payload were
// estimated 1 and made 2; `transactionExport(limit: 100000)` had no row cap). Each is now estimated
// at what it makes (checked against the calls the sandbox counted), and an export is held to
// PAYGRAPH_MAX_EXPORT_ROWS (refused unsent above it) and costs a call per 100 rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { appOver, gql, readCallers, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let open: App;
let space: string;
let credentials: string;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  open = appOver(world.rest);
  space = String(world.sandbox.spaces[0]);
  const [id] = Object.values(world.sandbox.seedSummary.perSpace[Number(space)].sampleTransactionIds);
  credentials = String(
    await world.rest.call('getTransactionCredentials', { space: Number(space), path: { id } }),
  );
});

afterAll(async () => {
  await world?.close();
});

interface Cost {
  estimated: number;
  actual: number;
  rateLimitRemaining?: number;
}

async function costOf(
  app: App,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  await resetCalls(world);
  const answer = await gql(app, query, { variables, headers });
  return { answer, cost: answer.body.extensions?.cost as Cost, calls: await restCalls(world) };
}

describe('by-credentials lookups', () => {
  it('30 aliases with made-up credentials are estimated at their 30 calls', async () => {
    const fields = Array.from(
      { length: 30 },
      (_, i) => `t${i}: transactionByCredentials(credentials: "1-${i}-x.y") { transaction { state } }`,
    );
    const { cost, calls } = await costOf(open, `{ ${fields.join(' ')} }`);
    expect(calls).toBe(30);
    expect(cost.actual).toBe(30);
    expect(cost.estimated).toBe(30);
  });

  it('each field of the answer that calls REST is counted; the looked-up transaction is not', async () => {
    const query = `query($c: String!) { transactionByCredentials(credentials: $c) {
      transaction { state } mobileSdkUrl oneClickTokens { id } paymentMethodConfigurations(integrationMode: PAYMENT_PAGE) { id } } }`;
    const { answer, cost, calls } = await costOf(open, query, { c: credentials });
    expect(answer.body.errors).toBeUndefined();
    expect(calls).toBe(4);
    expect(cost.estimated).toBe(4);
  });
});

describe('account actions with a payload', () => {
  it('the acted-on account read after the action is counted, unless only its key is selected', async () => {
    const [account] = world.sandbox.seedSummary.accounts;
    const action = (name: string, selection: string) =>
      costOf(
        open,
        `mutation($id: ID!) { ${name}(input: { id: $id }) { __typename ... on ${name[0].toUpperCase()}${name.slice(1)}Payload { account { ${selection} } } } }`,
        {
          id: String(account),
        },
      );
    const deactivated = await action('deactivateAccount', 'name state');
    expect(deactivated.answer.body.data!.deactivateAccount.__typename).toBe('DeactivateAccountPayload');
    expect(deactivated.calls).toBe(2);
    expect(deactivated.cost.estimated).toBe(2);
    const activated = await action('activateAccount', 'id restId');
    expect(activated.answer.body.data!.activateAccount.__typename).toBe('ActivateAccountPayload');
    expect(activated.calls).toBe(1);
    expect(activated.cost.estimated).toBe(1);
  });
});

describe('exports', () => {
  const exportQuery = (limit: string) =>
    `query($s: ID!) { space(id: $s) { transactionExport(fields: ["id"]${limit}) { records { restId } } } }`;

  it('a limit above PAYGRAPH_MAX_EXPORT_ROWS is refused with BAD_USER_INPUT, unsent', async () => {
    const { answer, calls } = await costOf(open, exportQuery(', limit: 100000'), { s: space });
    expect(answer.body.errors?.[0]).toMatchObject({
      path: ['space', 'transactionExport'],
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(answer.body.errors?.[0].message).toMatch(/PAYGRAPH_MAX_EXPORT_ROWS/);
    expect(calls).toBe(0);
  });

  // The estimate counts `space(id:)` as a call too (an upper bound: a space asked only for what lives in it needs none).
  it('costs a call per 100 rows asked, REST’s default 2,000 without a limit', async () => {
    expect((await costOf(open, exportQuery(', limit: 450'), { s: space })).cost.estimated).toBe(1 + 5);
    const { cost, calls } = await costOf(open, exportQuery(''), { s: space });
    expect(calls).toBe(1);
    expect(cost.estimated).toBe(1 + 20);
  });

  it('without a limit, a cap below REST’s default is sent as the limit; the rate limit is charged the pages', async () => {
    const { authenticator, keys } = readCallers('exporter');
    const capped = appOver(world.rest, {
      authenticator,
      env: {
        PAYGRAPH_AUTH: 'api-keys',
        PAYGRAPH_MAX_EXPORT_ROWS: '300',
        PAYGRAPH_RATE_LIMIT_BURST: '1000',
        PAYGRAPH_RATE_LIMIT_PER_SECOND: '1',
      },
    });
    const headers = { 'x-api-key': keys.exporter };
    const { answer, cost } = await costOf(capped, exportQuery(''), { s: space }, headers);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.space.transactionExport.records.length).toBeLessThanOrEqual(300);
    expect(cost.estimated).toBe(1 + 3);
    // One token for the call, two for its further pages.
    const after = await costOf(capped, `{ __typename }`, {}, headers);
    expect(after.cost.rateLimitRemaining).toBe(1000 - 3);
  });
});
