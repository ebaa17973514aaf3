// The identity of a JWT caller is its issuer and subject (finding 6 of the security round 3: tokens
// without `sub` shared one identity, so one rate-limit bucket and one idempotency scope across
// spaces: a key used in one space answered IDEMPOTENCY_KEY_REUSED in another, revealing its use). A
// token without `sub` is refused unless PAYGRAPH_JWT_IDENTITY_CLAIM names another claim; rate limits
// and idempotency keys follow the identity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import { identityOf } from '../../src/server/auth/jwt';
import { gql, jwtAppOver, jwtSetup, resetCalls, restCalls, type JwtSetup } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let jwt: JwtSetup;
let first: number;
let second: number;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  jwt = jwtSetup();
  [first, second] = world.sandbox.spaces;
});

afterAll(async () => {
  await world?.close();
  jwt?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SPACE = `query($s: ID!) { space(id: $s) { restId } }`;
const CREATE = `mutation($s: ID!) { createCustomer(input: { space: $s, givenName: "Ada" }) { __typename ... on MutationError { code message } } }`;

describe('a token without sub', () => {
  it('is refused (HTTP 401) before any REST call, saying which claim is missing', async () => {
    const app = await jwtAppOver(world, jwt);
    await resetCalls(world);
    const token = await jwt.token({ spaces: [first] }, { sub: null });
    const answer = await gql(app, SPACE, { variables: { s: String(first) }, headers: bearer(token) });
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(answer.body.errors?.[0].message).toMatch(/no "sub" claim/);
    expect(await restCalls(world)).toBe(0);
  });

  it('is identified by the claim PAYGRAPH_JWT_IDENTITY_CLAIM names; without that claim it is refused', async () => {
    const app = await jwtAppOver(world, jwt, { PAYGRAPH_JWT_IDENTITY_CLAIM: 'client_id' });
    const named = await jwt.token({ spaces: [first], client_id: 'shop-backend' }, { sub: null });
    expect(
      (await gql(app, SPACE, { variables: { s: String(first) }, headers: bearer(named) })).body.data,
    ).toEqual({
      space: { restId: String(first) },
    });
    const unnamed = await jwt.token({ spaces: [first] });
    expect(
      (await gql(app, SPACE, { variables: { s: String(first) }, headers: bearer(unnamed) })).status,
    ).toBe(401);
  });
});

describe('callers are kept apart by identity', () => {
  let app: App;
  beforeAll(async () => {
    app = await jwtAppOver(world, jwt, {
      PAYGRAPH_JWT_IDENTITY_CLAIM: 'client_id',
      PAYGRAPH_RATE_LIMIT_BURST: '3',
      PAYGRAPH_RATE_LIMIT_PER_SECOND: '1',
    });
  });

  it("an idempotency key one caller used in its space is another caller's own in another space", async () => {
    const a = await jwt.token({ spaces: [second], scope: 'read write', client_id: 'shop-a' }, { sub: null });
    const b = await jwt.token({ spaces: [first], scope: 'read write', client_id: 'shop-b' }, { sub: null });
    const key = { 'idempotency-key': 'order-4711' };
    const used = await gql(app, CREATE, {
      variables: { s: String(second) },
      headers: { ...bearer(a), ...key },
    });
    expect(used.body.data!.createCustomer.__typename).toBe('CreateCustomerPayload');
    const other = await gql(app, CREATE, {
      variables: { s: String(first) },
      headers: { ...bearer(b), ...key },
    });
    expect(other.body.data!.createCustomer.__typename).toBe('CreateCustomerPayload');
  });

  it("one caller's empty bucket is not another's", async () => {
    const flooder = await jwt.token({ spaces: [first], client_id: 'flooder' }, { sub: null });
    const calm = await jwt.token({ spaces: [first], client_id: 'calm' }, { sub: null });
    const query = `query($s: ID!) { space(id: $s) { customers(first: 1) { nodes { restId } } } }`;
    let limited = false;
    for (let i = 0; i < 6 && !limited; i++) {
      const answer = await gql(app, query, { variables: { s: String(first) }, headers: bearer(flooder) });
      limited = answer.status === 429;
    }
    expect(limited).toBe(true);
    const answer = await gql(app, query, { variables: { s: String(first) }, headers: bearer(calm) });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
  });
});

describe('identityOf', () => {
  it('is the issuer and the subject: another issuer, or a subject cut at any length, is another identity', () => {
    expect(identityOf({ iss: 'https://a.test', sub: 'u1' }, 'sub')).toBe('jwt:https%3A%2F%2Fa.test u1');
    expect(identityOf({ iss: 'https://b.test', sub: 'u1' }, 'sub')).not.toBe(
      identityOf({ iss: 'https://a.test', sub: 'u1' }, 'sub'),
    );
    expect(identityOf({ iss: 'a b', sub: 'c' }, 'sub')).not.toBe(identityOf({ iss: 'a', sub: 'b c' }, 'sub'));
    const long = 'x'.repeat(300);
    expect(identityOf({ sub: `${long}1` }, 'sub')).not.toBe(identityOf({ sub: `${long}2` }, 'sub'));
    expect(identityOf({ sub: `${long}1` }, 'sub')).toMatch(/^jwt:sha256:/);
    expect(identityOf({ iss: 'https://a.test' }, 'sub')).toBeNull();
    expect(identityOf({ sub: '' }, 'sub')).toBeNull();
  });
});
