// Cheap operations first while paygraph is busy (security/busy-gate). The app runs in this process,
// so the test makes paygraph's event loop busy for real: a spinner holds the loop in short
// synchronous stretches, as many heavy operations would. While it spins, a heavy operation (many
// estimated REST calls) waits before it runs while a light one is answered; it runs once the loop
// has room, or is refused with RATE_LIMITED and no REST call when it waited too long; a caller with
// many operations running counts as heavy too; with no light operation about, nothing is held back. And probing
// for objects that do not exist costs rate-limit tokens as fetching them would.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { appOver, gql, readCallers, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let space: string;
const { authenticator, keys } = readCallers('calm', 'heavy', 'prober');

// 20 customers, each with its addresses: about 21 REST calls (heavy from 10).
const HEAVY = `query($s: ID!) { space(id: $s) { customers(first: 20) { nodes { restId addresses(first: 1) { nodes { restId } } } } } }`;
const LIGHT = `query($s: ID!) { space(id: $s) { customers(first: 2) { nodes { restId } } } }`;

/**
 * Keeps this process's event loop busy until stopped: 18 ms stretches with a turn of the loop between
 * them (I/O is served), never waiting in between, so the loop reads busy however loaded the machine is
 * (a timer between stretches left it idle for as long as the machine took to run it again).
 */
function spin(): { stop: () => void } {
  let on = true;
  const turn = () => {
    if (!on) return;
    const until = performance.now() + 18;
    while (performance.now() < until);
    setImmediate(turn);
  };
  turn();
  return { stop: () => void (on = false) };
}

let spinner: { stop: () => void } | undefined;

beforeAll(async () => {
  world = await startWorld({ seedSize: 'default', graph: false });
  space = String(world.sandbox.spaces[0]);
});

afterEach(() => spinner?.stop());

afterAll(async () => {
  await world?.close();
});

const as = (name: keyof typeof keys) => ({ headers: { 'x-api-key': keys[name] } });

describe('the busy gate', () => {
  it('lets a light operation through while a heavy one waits for room, then runs the heavy one', async () => {
    const app = appOver(world.rest, {
      authenticator,
      env: { PAYGRAPH_BUSY_PERCENT: '50', PAYGRAPH_BUSY_WAIT_MS: '20000' },
    });
    const variables = { s: space };
    spinner = spin();
    // A light caller is about (else heavy operations are not held back), and the gate sees a busy window.
    await gql(app, LIGHT, { variables, ...as('calm') });
    await resetCalls(world);
    const heavy = gql(app, HEAVY, { variables, ...as('heavy') });
    const light = await gql(app, LIGHT, { variables, ...as('calm') });
    expect(light.body.errors).toBeUndefined();
    // Sent first, the heavy operation has not made a REST call yet: only the light one's page.
    expect(await restCalls(world)).toBe(1);
    spinner.stop();
    const heavyAnswer = await heavy;
    expect(heavyAnswer.body.errors).toBeUndefined();
    expect(heavyAnswer.body.data?.space.customers.nodes).toHaveLength(20);
    expect(heavyAnswer.body.extensions?.cost).toMatchObject({ actual: 21 });
    expect(heavyAnswer.body.extensions?.cost.estimated).toBeGreaterThanOrEqual(10);
  });

  it('refuses a heavy operation that waited too long, with RATE_LIMITED and no REST call', async () => {
    const app = appOver(world.rest, {
      authenticator,
      env: { PAYGRAPH_BUSY_PERCENT: '50', PAYGRAPH_BUSY_WAIT_MS: '300' },
    });
    spinner = spin();
    await gql(app, LIGHT, { variables: { s: space }, ...as('calm') });
    await resetCalls(world);
    const refused = await gql(app, HEAVY, { variables: { s: space }, ...as('heavy') });
    expect(await restCalls(world)).toBe(0);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(refused.body.errors?.[0].message).toMatch(/busy.*heavy.*retry in 1 s/);
    const metrics = await (await app.fetch('http://paygraph.test/metrics')).text();
    expect(metrics).toMatch(/^paygraph_busy_gate_wait_seconds_count\{outcome="refused"\} 1$/m);
    expect(metrics).toMatch(/^paygraph_busy_gate_waiting 0$/m);
  });

  it('counts a caller with more than half its operations allowance running as heavy, however light each one is', async () => {
    // 8 operations per caller (the default outside open mode): heavy from the fifth at once.
    const env = {
      PAYGRAPH_BUSY_PERCENT: '50',
      PAYGRAPH_BUSY_WAIT_MS: '300',
      PAYGRAPH_MAX_OPERATIONS_PER_CALLER: '8',
    };
    const app = appOver(world.rest, { authenticator, env });
    const variables = { s: space };
    spinner = spin();
    await gql(app, LIGHT, { variables, ...as('calm') });
    const flood = await Promise.all(
      Array.from({ length: 6 }, () => gql(app, LIGHT, { variables, ...as('heavy') })),
    );
    const calm = await gql(app, LIGHT, { variables, ...as('calm') });
    spinner.stop();
    const statuses = flood.map((answer) => answer.status);
    // Six at once are more than four running: they wait for room that never comes while the loop spins.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(flood.find((answer) => answer.status === 429)?.body.errors?.[0].message).toMatch(
      /many operations running/,
    );
    expect(calm.status).toBe(200);
    expect(calm.body.errors).toBeUndefined();
  });

  it('does not hold heavy operations back while no light one is about, however busy paygraph is', async () => {
    const app = appOver(world.rest, {
      authenticator,
      env: { PAYGRAPH_BUSY_PERCENT: '50', PAYGRAPH_BUSY_WAIT_MS: '1' },
    });
    spinner = spin();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const answer = await gql(app, HEAVY, { variables: { s: space }, ...as('heavy') });
    expect(answer.body.errors).toBeUndefined();
  });
});

describe('probing for ids', () => {
  it('costs a token per id that names nothing, so a prober soon finds its bucket empty while others are served', async () => {
    const app = appOver(world.rest, {
      authenticator,
      env: { PAYGRAPH_RATE_LIMIT_PER_SECOND: '1', PAYGRAPH_RATE_LIMIT_BURST: '100' },
    });
    const forged = (n: number) =>
      Array.from({ length: n }, (_, i) => encodeGlobalId('Customer', Number(space), 990_000_000 + i));
    const probe = (ids: string[]) =>
      gql(app, `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { variables: { ids }, ...as('prober') });
    const first = await probe(forged(3));
    expect(first.body.data?.nodes).toEqual([null, null, null]);
    expect(first.body.extensions?.cost).toMatchObject({ actual: 1, misses: 3 });
    // One REST search answered the three ids; the caller paid for four lookups.
    const second = await probe(forged(100));
    expect(second.body.extensions?.cost).toMatchObject({ actual: 1, misses: 100 });
    await resetCalls(world);
    const refused = await probe(forged(1));
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await restCalls(world)).toBe(0);
    const other = await gql(app, LIGHT, { variables: { s: space }, ...as('calm') });
    expect(other.body.errors).toBeUndefined();
  });
});
