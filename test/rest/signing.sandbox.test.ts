// Signing against the real sandbox: the client's tokens are accepted, and a token with any claim
// (or the key, or the algorithm) changed is refused with 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestHttpError } from '../../src/rest';
import {
  clientFor,
  nowSeconds,
  rawRequest,
  signClaims,
  startSandbox,
  unsignedToken,
  type Claims,
  type RunningSandbox,
  type TestClient,
} from './helpers';

let sandbox: RunningSandbox;
let tc: TestClient;
const PATH = '/api/v2.0/spaces?limit=2&order=DESC';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  tc = clientFor(sandbox);
});

afterAll(async () => {
  await tc?.client.close();
  await sandbox?.close();
});

const user = () => sandbox.users[0];
const goodClaims = (): Claims => ({
  sub: user().id,
  iat: nowSeconds(),
  requestPath: PATH,
  requestMethod: 'GET',
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

describe('signing', () => {
  it('is accepted by the sandbox for list, retrieve and search calls with query strings', async () => {
    const page = await tc.client.call('listSpaces', { query: { limit: 2, order: 'DESC' } });
    expect(page.data?.length).toBeGreaterThan(0);
    const first = page.data![0];
    const space = await tc.client.call('getSpace', {
      path: { id: first.id! },
      query: { expand: ['account'] },
    });
    expect(space).toMatchObject({ id: first.id });
    const found = await tc.client.call('searchSpaces', { query: { query: `id:${first.id}`, limit: 1 } });
    expect(found.data?.map((s) => s.id)).toEqual([first.id]);
  });

  it('matches a hand-made token with the same claims (the control for the cases below)', async () => {
    const res = await rawRequest(sandbox, 'GET', PATH, bearer(await signClaims(user().key, goodClaims())));
    expect(res.status).toBe(200);
  });

  const refusals: [string, () => Promise<string>][] = [
    ['another sub', () => signClaims(user().key, { ...goodClaims(), sub: 'no-such-user' })],
    ['iat far in the past', () => signClaims(user().key, { ...goodClaims(), iat: nowSeconds() - 86_400 })],
    ['iat far in the future', () => signClaims(user().key, { ...goodClaims(), iat: nowSeconds() + 86_400 })],
    [
      'another requestPath',
      () => signClaims(user().key, { ...goodClaims(), requestPath: '/api/v2.0/spaces?limit=3&order=DESC' }),
    ],
    [
      'requestPath without its query',
      () => signClaims(user().key, { ...goodClaims(), requestPath: '/api/v2.0/spaces' }),
    ],
    ['another requestMethod', () => signClaims(user().key, { ...goodClaims(), requestMethod: 'POST' })],
    ['lower-case requestMethod', () => signClaims(user().key, { ...goodClaims(), requestMethod: 'get' })],
    [
      'a wrong key',
      () => signClaims(Buffer.from('a completely different key!!').toString('base64'), goodClaims()),
    ],
    [
      'the base64 text used as the key',
      () => signClaims(Buffer.from(user().key).toString('base64'), goodClaims()),
    ],
    ['ver 2', () => signClaims(user().key, goodClaims(), { ver: 2 })],
    ['alg none', () => Promise.resolve(unsignedToken(goodClaims()))],
  ];

  for (const [what, token] of refusals) {
    it(`is refused with 401 when the token has ${what}`, async () => {
      const res = await rawRequest(sandbox, 'GET', PATH, bearer(await token()));
      expect(res.status).toBe(401);
    });
  }

  it('turns a refused signature into a RestHttpError 401 (client with a wrong key)', async () => {
    const wrong = clientFor(sandbox, {
      authKey: Buffer.from('not the key of this user, 32 b.').toString('base64'),
    });
    try {
      const err = await wrong.client.call('listSpaces').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestHttpError);
      expect(err).toMatchObject({
        code: 'REST_HTTP_STATUS',
        status: 401,
        operationId: 'listSpaces',
        attempts: 1,
      });
      expect(wrong.events[0]).toMatchObject({
        ok: false,
        status: 401,
        attempts: 1,
        retries: 0,
        errorCode: 'REST_HTTP_STATUS',
      });
    } finally {
      await wrong.client.close();
    }
  });

  it('is refused when the client clock is far off (iat comes from the clock at signing time)', async () => {
    const skewed = clientFor(sandbox, { now: () => Date.now() - 3_600_000 });
    try {
      await expect(skewed.client.call('listSpaces')).rejects.toMatchObject({ status: 401 });
    } finally {
      await skewed.client.close();
    }
  });
});
