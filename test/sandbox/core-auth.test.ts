// Authentication exactly as the specification says: every broken rule is a 401 with the error body.
import { describe, expect, it } from 'vitest';
import { signedFetch } from './support/signed-fetch';
import { useWorld } from '../support/world';

const OTHER_KEY = Buffer.from('another-secret-key-0000000000000').toString('base64');

const f = useWorld({
  graph: false,
  users: [
    { id: '100000', key: Buffer.from('paygraph-sandbox-demo-key-000001').toString('base64') },
    { id: '200000', key: OTHER_KEY, spaces: [999999] },
  ],
});

function forged(header: object, payload: object, signature = ''): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

describe('sandbox authentication', () => {
  const path = '/accounts?limit=2';

  it('accepts a correctly signed token', async () => {
    const r = await f.call({ path });
    expect(r.status).toBe(200);
  });

  const broken: [string, (sign: typeof f.sign) => typeof f.sign][] = [
    ['a token for another path', (s) => ({ ...s, claims: { requestPath: '/api/v2.0/accounts' } })],
    [
      'a token for another query string',
      (s) => ({ ...s, claims: { requestPath: '/api/v2.0/accounts?limit=3' } }),
    ],
    ['a token for another method', (s) => ({ ...s, claims: { requestMethod: 'POST' } })],
    ['an unknown user', (s) => ({ ...s, claims: { sub: '999' } })],
    ['a wrong key', (s) => ({ ...s, key: OTHER_KEY })],
    ['iat far in the past', (s) => ({ ...s, claims: { iat: Math.floor(Date.now() / 1000) - 3600 } })],
    ['iat far in the future', (s) => ({ ...s, claims: { iat: Math.floor(Date.now() / 1000) + 3600 } })],
    ['iat that is not a number', (s) => ({ ...s, claims: { iat: 'now' } })],
    ['header ver 2', (s) => ({ ...s, header: { ver: 2 } })],
    ['header type other than JWT', (s) => ({ ...s, header: { typ: 'JOSE', type: 'JOSE' } })],
    ['no Authorization header', (s) => ({ ...s, omitAuthorization: true })],
  ];

  it.each(broken)('refuses %s with 401 and the error body', async (_name, breakIt) => {
    const r = await signedFetch<Record<string, unknown>>(f.sandbox.origin, { path }, breakIt(f.sign));
    expect(r.status).toBe(401);
    expect(Object.keys(r.body).sort()).toEqual(['code', 'date', 'errors', 'id', 'message']);
    expect(r.body.code).toBe('UNAUTHORIZED');
  });

  it.each([
    ['alg none (unsigned)', forged({ alg: 'none', typ: 'JWT', ver: 1 }, {})],
    ['a malformed token', 'not-a-jwt'],
    ['a token with a bad signature', forged({ alg: 'HS256', typ: 'JWT', ver: 1 }, { sub: '100000' }, 'AAAA')],
  ])('refuses %s', async (_name, token) => {
    const r = await fetch(`${f.sandbox.baseUrl}/accounts`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(401);
    const body = (await r.json()) as { message: string };
    expect(body.message).not.toContain(token.slice(0, 20));
  });

  it('gives 403 to a user limited to other spaces', async () => {
    const r = await signedFetch(
      f.sandbox.origin,
      { path: '/customers', space: f.space },
      { userId: '200000', key: OTHER_KEY },
    );
    expect(r.status).toBe(403);
  });
});
