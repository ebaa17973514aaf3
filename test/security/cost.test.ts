// Cost, attacked and reported: every answer carries `extensions.cost` (REST calls made, budget,
// remaining); identical REST calls within one request are made once; calls past PAYGRAPH_MAX_COST
// are refused unsent; a caller past its rate limit gets RATE_LIMITED with retryAfterSeconds and no
// REST call, while another caller is still served. Counts come from the sandbox itself.
import { getOperationAST, parse, type GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { examples } from '../../src/server/graphiql-examples';
import { RateLimiter } from '../../src/server/admission/rate-limit';
import { RequestRest } from '../../src/server/context/request-rest';
import { estimateCost, MAX_ESTIMATED_FIELDS } from '../../src/server/cost/cost-estimate';
import { schema } from '../../src/schema';
import { appOver, gql, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let space: number;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  space = world.sandbox.spaces[0];
});

afterAll(async () => {
  await world?.close();
});

describe('extensions.cost', () => {
  it('reports the REST calls each answer made, the budget and what remains', async () => {
    await resetCalls(world);
    const answer = await gql(appOver(world.rest), '{ spaces(first: 2) { nodes { restId } } }');
    expect(answer.body.extensions?.cost).toEqual({ estimated: 1, actual: 1, budget: 500, remaining: 499 });
    expect(await restCalls(world)).toBe(1);
  });

  it('makes identical REST calls once per request', async () => {
    const query = `{ spaces(first: 3) { nodes { customers(first: 5) { nodes { linkedSpace { customers(first: 2) { nodes { restId } } } } } } } }`;
    await resetCalls(world);
    const answer = await gql(appOver(world.rest), query);
    expect(answer.body.errors).toBeUndefined();
    const made = await restCalls(world);
    expect(answer.body.extensions?.cost.actual).toBe(made);
    // spaces, the customers of each space, the linked space's customers once per space.
    expect(made).toBeLessThanOrEqual(1 + 3 + 3);
  });

  it('estimates before execution as the planner batches: links within expand depth free, children batched, extras per row', async () => {
    const cases: [string, number][] = [
      ['{ spaces(first: 20) { nodes { restId } } }', 1],
      [
        `query($s: ID!) { space(id: $s) { transactions(first: 20) { nodes { restId token { restId customerEmailAddress } } } } }`,
        2,
      ],
      [
        `query($s: ID!) { space(id: $s) { transactions(first: 20) { nodes { restId completions(first: 3) { nodes { restId } } } } } }`,
        3,
      ],
      [
        `query($s: ID!) { space(id: $s) { transactions(first: 20) { nodes { restId chargeFlowPaymentPageUrl } } } }`,
        22,
      ],
    ];
    for (const [query, estimated] of cases) {
      const answer = await gql(appOver(world.rest), query, { variables: { s: String(space) } });
      // The extra fails on rows in the wrong state (422): still one call per row.
      if (!query.includes('chargeFlow')) expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions?.cost.estimated, query).toBe(estimated);
      expect(answer.body.extensions?.cost.actual).toBeLessThanOrEqual(estimated);
    }
  });

  it('bounds the calls of children asked under several spaces: one search per space', async () => {
    const query = `{ spaces(first: 3) { nodes { transactions(first: 3) { nodes { restId completions(first: 2) { nodes { restId } } } } } } }`;
    await resetCalls(world);
    const answer = await gql(appOver(world.rest), query);
    expect(answer.body.errors).toBeUndefined();
    // spaces; the transactions of each of the 3 spaces; their completions, searched in each space.
    expect(answer.body.extensions?.cost).toMatchObject({
      estimated: 1 + 3 + 3,
      actual: await restCalls(world),
    });
    expect(answer.body.extensions?.cost.actual).toBeGreaterThan(3);
  });

  it('estimates at least the calls every read-only GraphiQL example makes', async () => {
    const readOnly = examples.filter(
      (e) => /^\s*query /m.test(e.query) && !/@(defer|stream)\b/.test(e.query),
    );
    expect(readOnly.length).toBeGreaterThanOrEqual(5);
    for (const example of readOnly) {
      await resetCalls(world);
      const answer = await gql(appOver(world.rest), example.query, {
        variables: { ...example.variables, space: String(space) },
      });
      expect(answer.body.errors, example.title).toBeUndefined();
      const cost = answer.body.extensions?.cost;
      expect(cost.actual, example.title).toBe(await restCalls(world));
      expect(cost.actual, example.title).toBeLessThanOrEqual(cost.estimated);
    }
  });

  it('refuses an operation estimated over the budget before any REST call', async () => {
    const app = appOver(world.rest);
    const extras = Array.from(
      { length: 14 },
      (_, i) => `t${i}: transactions(first: 100) { nodes { chargeFlowPaymentPageUrl } }`,
    ).join(' ');
    const nested = `{ spaces(first: 100) { nodes { customers(first: 100) { nodes { addresses(first: 100) { nodes { restId } } } } } } }`;
    for (const query of [`query($s: ID!) { space(id: $s) { ${extras} } }`, nested]) {
      await resetCalls(world);
      const answer = await gql(app, query, { variables: { s: String(space) } });
      expect(answer.body.data ?? undefined).toBeUndefined();
      expect(answer.body.errors?.[0].extensions).toMatchObject({
        code: 'COST_LIMIT_EXCEEDED',
        kind: 'complexity',
        limit: 500,
      });
      expect(answer.body.errors?.[0].message).toMatch(/at most 500 are allowed \(PAYGRAPH_MAX_COST\)/);
      expect(answer.body.extensions?.cost).toMatchObject({ actual: 0, budget: 500 });
      expect(await restCalls(world)).toBe(0);
    }
  });

  it('counts a bulk mutation as its chunks: one over the budget is refused before any item is written', async () => {
    const app = appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '2' } });
    const mutation = `mutation ($input: CreateCustomersInput!) { createCustomers(input: $input) { __typename } }`;
    const items = (n: number, name: string) =>
      Array.from({ length: n }, (_, i) => ({ givenName: `${name}${i}`, familyName: name }));
    await resetCalls(world);
    const refused = await gql(app, mutation, {
      variables: { input: { space: String(space), customers: items(250, 'OverBudgetBulk') } },
    });
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', limit: 2 });
    expect(refused.body.extensions?.cost).toMatchObject({ estimated: 3, actual: 0 });
    expect(await restCalls(world)).toBe(0);
    // Two chunks fit the budget: sent, and reported as estimated.
    const written = await gql(app, mutation, {
      variables: { input: { space: String(space), customers: items(150, 'InBudgetBulk') } },
    });
    expect(written.body.errors).toBeUndefined();
    expect(written.body.extensions?.cost).toMatchObject({ estimated: 2, actual: 2 });
    const found = await gql(
      appOver(world.rest),
      `query($s: ID!) { space(id: $s) { over: customers(first: 1, filter: { familyName: { eq: "OverBudgetBulk" } }) { nodes { restId } } in: customers(first: 1, filter: { familyName: { eq: "InBudgetBulk" } }) { nodes { restId } } } }`,
      { variables: { s: String(space) } },
    );
    expect(found.body.data).toMatchObject({ space: { over: { nodes: [] }, in: { nodes: [{}] } } });
  });

  it('estimates again when variables decide the estimate, and once when they do not', async () => {
    const app = appOver(world.rest);
    const byPageSize = `query($n: Int!, $s: ID!) { space(id: $s) { customers(first: $n) { nodes { addresses(first: 5) { nodes { restId } } } } } }`;
    const estimated = async (query: string, variables: Record<string, unknown>) =>
      ((await gql(app, query, { variables })).body.extensions?.cost as { estimated: number }).estimated;
    const one = await estimated(byPageSize, { n: 1, s: String(space) });
    const many = await estimated(byPageSize, { n: 50, s: String(space) });
    expect(many).toBeGreaterThan(one);
    expect(await estimated(byPageSize, { n: 1, s: String(space) })).toBe(one);
    const fixed = `query($s: ID!, $name: String) { space(id: $s) { customers(first: 20, filter: { familyName: { eq: $name } }) { nodes { restId } } } }`;
    const first = await estimated(fixed, { s: String(space), name: 'Ada' });
    expect(first).toBeGreaterThan(0);
    expect(await estimated(fixed, { s: String(space), name: 'Grace' })).toBe(first);
  });

  it('refuses the calls past the budget at run time without sending them', async () => {
    const rest = new RequestRest(world.rest, { budget: 2, dedupe: false, callerName: 'test' });
    await resetCalls(world);
    const calls = [1, 2, 3].map((limit) => rest.call('listSpaces', { query: { limit } }));
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(((outcomes[2] as PromiseRejectedResult).reason as GraphQLError).extensions.code).toBe(
      'COST_LIMIT_EXCEEDED',
    );
    expect(await restCalls(world)).toBe(2);
    expect(rest.cost()).toMatchObject({ actual: 2, budget: 2, remaining: 0 });
  });
});

describe('rate limits per caller', () => {
  it('refuses a caller whose bucket is empty, with retryAfterSeconds and no REST call; others are served', async () => {
    const [flood, calm] = [generateApiKey(), generateApiKey()];
    const entries = parseKeysFile(
      JSON.stringify({
        keys: [
          { name: 'flood', hash: hashApiKey(flood), spaces: '*', scopes: ['read'] },
          { name: 'calm', hash: hashApiKey(calm), spaces: '*', scopes: ['read'] },
        ],
      }),
    );
    const app = appOver(world.rest, {
      authenticator: apiKeyAuthenticator(entries),
      env: { PAYGRAPH_RATE_LIMIT_PER_SECOND: '1', PAYGRAPH_RATE_LIMIT_BURST: '3' },
    });
    const query = `query($s: ID!) { space(id: $s) { a: transactions(first: 1) { nodes { restId } } b: transactions(first: 2) { nodes { restId } } c: transactions(first: 3) { nodes { restId } } } }`;
    const variables = { s: String(space) };
    const first = await gql(app, query, { variables, headers: { 'x-api-key': flood } });
    expect(first.body.errors).toBeUndefined();
    await resetCalls(world);
    const refused = await gql(app, query, { variables, headers: { 'x-api-key': flood } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(await restCalls(world)).toBe(0);
    const other = await gql(app, query, { variables, headers: { 'x-api-key': calm } });
    expect(other.body.errors).toBeUndefined();
  });

  it('refills each bucket over time', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 2, perSecond: 4 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    expect(limiter.take('b')).toBe(true);
    now += 250;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    now += 10_000;
    expect(limiter.remaining('a')).toBe(2);
  });
});

describe('documents whose fragments spread each other', () => {
  /** `query { ...F0 }` where each of `n` fragments spreads the next `times` times, the last selecting `leaf`. */
  function spreading(n: number, times: number, leaf: string, on = 'Query'): string {
    const fragments = Array.from({ length: n }, (_, i) => {
      const next = i + 1 < n ? Array.from({ length: times }, () => `...F${i + 1}`).join(' ') : leaf;
      return `fragment F${i} on ${on} { ${next} }`;
    });
    return `query { ...F0 }\n${fragments.join('\n')}`;
  }
  const estimate = (query: string) => {
    const document = parse(query);
    return estimateCost(schema, document, getOperationAST(document));
  };

  it('estimates a fragment spread twice as execution runs it: each response key once, however deep the spreading', () => {
    // 2^40 paths to the one field: walking every spread never ended (one request held the process).
    const leaf = 'currencies { currencyCode }';
    expect(estimate(spreading(40, 2, leaf))).toBe(estimate(`{ ${leaf} }`));
    expect(
      estimate(`{ a: currencies { currencyCode } ...F } fragment F on Query { a: currencies { name } }`),
    ).toBe(estimate(`{ ${leaf} }`));
  });

  it(`refuses a document that selects more than ${MAX_ESTIMATED_FIELDS} fields through its fragments, before any REST call`, async () => {
    // Each fragment asks for the parent account four times (three aliases): 4^9 accounts, within the
    // depth (12) and alias (30) limits, from a document of a few hundred bytes.
    const fragments = Array.from({ length: 9 }, (_, i) => {
      const next = i + 1 < 9 ? `{ ...F${i + 1} }` : '{ restId }';
      return `fragment F${i} on Account { parentAccount ${next} a: parentAccount ${next} b: parentAccount ${next} c: parentAccount ${next} }`;
    });
    const query = `query { accounts(first: 1) { nodes { ...F0 } } }\n${fragments.join('\n')}`;
    expect(estimate(query)).toBe(Number.POSITIVE_INFINITY);
    await resetCalls(world);
    const answer = await gql(appOver(world.rest), query);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/selects more fields through its fragments than can be estimated/),
      extensions: { code: 'COST_LIMIT_EXCEEDED' },
    });
    expect(await restCalls(world)).toBe(0);
  });
});

describe('complexity limits', () => {
  // 100 spaces x 100 transactions x 100 completions: far past the complexity limit (50,000).
  const WIDE = `query Wide($n: Int!) { spaces(first: $n) { nodes { restId
    transactions(first: $n) { nodes { restId completions(first: $n) { nodes { restId } } } } } } }`;

  it('refuses an operation over a limit before execution, with no REST call', async () => {
    // A REST budget this large lets only the complexity limit refuse it.
    const app = appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '1000000' } });
    await resetCalls(world);
    const over = await gql(app, WIDE, { variables: { n: 100 } });
    expect(over.body.data).toBeNull();
    expect(over.body.errors?.[0].extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      kind: 'complexity',
    });
    expect(await restCalls(world)).toBe(0);
    const within = await gql(app, WIDE, { variables: { n: 2 } });
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data?.spaces.nodes).toHaveLength(2);
  });

  it('refuses a subscription over a limit when it is subscribed', async () => {
    const rows = 'nodes { restId state createdOn }';
    const answer = await gql(
      appOver(world.rest),
      `subscription Wide($id: ID!) { entityChanged(id: $id) { ... on Space { transactions(first: 100) { nodes {
        completions(first: 100) { ${rows} } refunds(first: 100) { ${rows} } } } } } }`,
      { variables: { id: 'refused-before-it-is-read' } },
    );
    expect(answer.body.errors?.[0].extensions).toMatchObject({
      code: 'COST_LIMIT_EXCEEDED',
      kind: 'complexity',
    });
  });
});
