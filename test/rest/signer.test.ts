// The signer alone: header, claims and key handling, verified with jose's own jwtVerify, and its
// tokens byte for byte those of jose's SignJWT (the signer it replaced on the REST path).
import fc from 'fast-check';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSigner, decodeAuthKey, JWT_HEADER } from '../../src/rest/signer';

const rawKey = Buffer.from('an application user key of 32 b!');
const authKey = rawKey.toString('base64');

describe('createSigner', () => {
  it('signs HS256 with the required header and request-bound claims', async () => {
    const sign = createSigner({ userId: '1042', authKey, now: () => 1_700_000_000_999 });
    const token = sign('get', '/api/v2.0/payment/transactions/7?expand=token,lineItems');

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1 });
    const { payload } = await jwtVerify(token, rawKey, {
      algorithms: ['HS256'],
      currentDate: new Date(1_700_000_000_000),
    });
    expect(payload).toEqual({
      sub: '1042',
      iat: 1_700_000_000,
      requestPath: '/api/v2.0/payment/transactions/7?expand=token,lineItems',
      requestMethod: 'GET',
    });
  });

  it('produces a token that another key does not verify', async () => {
    const sign = createSigner({ userId: '1', authKey });
    const token = sign('POST', '/api/v2.0/spaces');
    await expect(jwtVerify(token, Buffer.from('some other key of thirty-two b!!'))).rejects.toThrow(
      /signature/,
    );
  });

  it('signs each request on its own: same second, another path or method, another token', async () => {
    const sign = createSigner({ userId: '7', authKey, now: () => 1_700_000_000_000 });
    const tokens = [sign('GET', '/api/v2.0/a'), sign('GET', '/api/v2.0/b'), sign('DELETE', '/api/v2.0/a')];
    expect(new Set(tokens).size).toBe(3);
    const claims = await Promise.all(
      tokens.map(
        async (t) => (await jwtVerify(t, rawKey, { currentDate: new Date(1_700_000_000_000) })).payload,
      ),
    );
    expect(claims.map((c) => `${String(c.requestMethod)} ${String(c.requestPath)}`)).toEqual([
      'GET /api/v2.0/a',
      'GET /api/v2.0/b',
      'DELETE /api/v2.0/a',
    ]);
  });

  it('makes the very token jose SignJWT makes, for any path, method, user and time', async () => {
    const joseToken = (userId: string, method: string, requestPath: string, ms: number) =>
      new SignJWT({ requestPath, requestMethod: method.toUpperCase() })
        .setProtectedHeader(JWT_HEADER)
        .setSubject(userId)
        .setIssuedAt(Math.floor(ms / 1000))
        .sign(rawKey);
    const cases = [
      [
        '100000',
        'GET',
        '/api/v2.0/payment/transactions/search?query=id%3A1%20OR%20id%3A2&expand=token',
        1_700_000_000_999,
      ],
      ['7', 'post', '/api/v2.0/customers/bulk', 0],
      ['9007199254740993', 'PATCH', '/api/v2.0/x?q="quoted"\\back\u2028\u{1F4B6}', 4_102_444_800_000],
    ] as const;
    for (const [userId, method, path, ms] of cases) {
      expect(createSigner({ userId, authKey, now: () => ms })(method, path)).toBe(
        await joseToken(userId, method, path, ms),
      );
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, unit: 'grapheme' }).filter((u) => u.trim() !== ''),
        fc.constantFrom('GET', 'post', 'Patch', 'DELETE'),
        fc.string({ unit: 'binary' }),
        fc.integer({ min: 0, max: 8_640_000_000_000 }),
        async (userId, method, path, ms) => {
          expect(createSigner({ userId, authKey, now: () => ms })(method, path)).toBe(
            await joseToken(userId, method, path, ms),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a key that is not base64, without echoing it', () => {
    const secret = 'not base64 at all: ###';
    let message = '';
    try {
      createSigner({ userId: '1', authKey: secret });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/authKey must be a non-empty base64 string/);
    expect(message).not.toContain(secret);
  });

  it('accepts base64url keys and refuses an empty user id', () => {
    expect(Buffer.from(decodeAuthKey(rawKey.toString('base64url')))).toEqual(rawKey);
    expect(() => createSigner({ userId: ' ', authKey })).toThrow(/userId/);
  });
});
