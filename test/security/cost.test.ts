// Cost, attacked and reported: every answer carries `extensions.cost` (REST calls made, budget,
// remaining); identical REST calls within one request are made once; calls past PAYGRAPH_MAX_COST
// are refused unsent; a caller past its rate limit gets RATE_LIMITED with retryAfterSeconds and no
// REST call, while another caller is still served. Counts come from the sandbox itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyAuthenticator, generateApiKey, hashApiKey, parseKeysFile } from '../../src/server/security/api-keys';
import { RateLimiter } from '../../src/server/security/rate-limit';
import { appOver, gql, resetCalls, restCalls, startWorld, type World } from './support';

let world: World;
let space: number;

beforeAll(async () => {
  world = await startWorld();
  space = world.sandbox.spaces[0];
});

afterAll(async () => {
  await world?.close();
});

describe('extensions.cost', () => {
  it('reports the REST calls each answer made, the budget and what remains', async () => {
    await resetCalls(world);
    const answer = await gql(appOver(world.rest), '{ spaces(first: 2) { nodes { restId } } }');
    expect(answer.body.extensions?.cost).toEqual({ estimated: null, actual: 1, budget: 500, remaining: 499 });
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

  it('refuses the calls past the budget without sending them', async () => {
    const app = appOver(world.rest, { env: { PAYGRAPH_MAX_COST: '3' } });
    const fields = [1, 2, 3, 4, 5].map((n) => `p${n}: transactions(first: ${n}) { nodes { restId } }`).join(' ');
    await resetCalls(world);
    const answer = await gql(app, `query($s: ID!) { space(id: $s) { ${fields} } }`, { variables: { s: String(space) } });
    expect(await restCalls(world)).toBe(3);
    expect(answer.body.errors?.[0].extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', budget: 3, occurrences: 2 });
    expect(answer.body.extensions?.cost).toMatchObject({ actual: 3, budget: 3, remaining: 0 });
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
