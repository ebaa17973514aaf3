// Inbound authentication, attacked: forged, expired, future-dated, wrong-audience, wrong-issuer,
// `alg: none` and algorithm-confusion JWTs, unknown API keys; each refused with HTTP 401 and
// UNAUTHENTICATED before any REST call. Valid JWTs and keys answer; a request without credentials
// runs the by-credentials fields and nothing else.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { createAuthenticator } from '../../src/server/auth/authenticator';
import {
  assertSafeToListen,
  ConfigError,
  securityConfigFromEnv,
} from '../../src/server/config/security-config';
import { appOver, gql, resetCalls, restCalls } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let dir: string;
let space: number;
const secret = 'an HS256 secret of at least thirty-two bytes, for tests only';
const ISSUER = 'https://issuer.test';
const AUDIENCE = 'paygraph-test';
const SPACE_QUERY = `query($s: ID!) { space(id: $s) { restId } }`;

async function hsToken(
  claims: Record<string, unknown>,
  o: { key?: string; exp?: string | number; nbf?: string | number; iss?: string; aud?: string } = {},
) {
  const jwt = new SignJWT({ spaces: [space], scope: 'read', sub: 'auth-test', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setIssuer(o.iss ?? ISSUER)
    .setAudience(o.aud ?? AUDIENCE)
    .setExpirationTime(o.exp ?? '5m');
  if (o.nbf !== undefined) jwt.setNotBefore(o.nbf);
  return jwt.sign(new TextEncoder().encode(o.key ?? secret));
}

function jwtEnv(): Record<string, string> {
  return {
    PAYGRAPH_AUTH: 'jwt',
    PAYGRAPH_JWT_SECRET_FILE: join(dir, 'secret'),
    PAYGRAPH_JWT_ISSUER: ISSUER,
    PAYGRAPH_JWT_AUDIENCE: AUDIENCE,
  };
}

async function jwtApp(env: Record<string, string> = jwtEnv()) {
  const config = securityConfigFromEnv(env);
  return appOver(world.rest, { authenticator: await createAuthenticator(config), security: config });
}

async function expectRefused(app: Awaited<ReturnType<typeof jwtApp>>, headers: Record<string, string>) {
  await resetCalls(world);
  const answer = await gql(app, SPACE_QUERY, { variables: { s: String(space) }, headers });
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  expect(answer.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect(answer.body.data).toBeUndefined();
  expect(await restCalls(world)).toBe(0);
  return answer.body.errors![0].message;
}

beforeAll(async () => {
  world = await startWorld({ graph: false });
  space = world.sandbox.spaces[0];
  dir = mkdtempSync(join(tmpdir(), 'paygraph-auth-'));
  writeFileSync(join(dir, 'secret'), secret);
});

afterAll(async () => {
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('open', () => {
  it('is the default and answers without credentials', async () => {
    const answer = await gql(appOver(world.rest), SPACE_QUERY, { variables: { s: String(space) } });
    expect(answer.body.data).toEqual({ space: { restId: String(space) } });
  });

  it('refuses to listen anywhere but loopback, saying how to choose a mode', () => {
    expect(() => assertSafeToListen('open', '127.0.0.1')).not.toThrow();
    expect(() => assertSafeToListen('open', '::1')).not.toThrow();
    expect(() => assertSafeToListen('open', '0.0.0.0')).toThrow(
      /PAYGRAPH_AUTH \(or --auth\): jwt .* or api-keys/,
    );
    expect(() => assertSafeToListen('jwt', '0.0.0.0')).not.toThrow();
  });
});

describe('jwt with a shared secret', () => {
  it('answers a valid token within its spaces', async () => {
    const app = await jwtApp();
    const answer = await gql(app, SPACE_QUERY, {
      variables: { s: String(space) },
      headers: { authorization: `Bearer ${await hsToken({})}` },
    });
    expect(answer.body.data).toEqual({ space: { restId: String(space) } });
  });

  it('refuses a forged token (signed with another secret)', async () => {
    const token = await hsToken(
      { spaces: '*', scope: 'read write' },
      { key: 'another secret that is long enough to sign with it' },
    );
    expect(await expectRefused(await jwtApp(), { authorization: `Bearer ${token}` })).toMatch(/not valid/);
  });

  it('refuses an expired token, beyond the clock skew', async () => {
    const token = await hsToken({}, { exp: Math.floor(Date.now() / 1000) - 120 });
    expect(await expectRefused(await jwtApp(), { authorization: `Bearer ${token}` })).toMatch(/expired/);
  });

  it('accepts a token expired within the clock skew', async () => {
    const token = await hsToken({}, { exp: Math.floor(Date.now() / 1000) - 5 });
    const answer = await gql(await jwtApp(), SPACE_QUERY, {
      variables: { s: String(space) },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a future-dated token (nbf ahead)', async () => {
    const token = await hsToken({}, { nbf: Math.floor(Date.now() / 1000) + 600 });
    expect(await expectRefused(await jwtApp(), { authorization: `Bearer ${token}` })).toMatch(/"nbf"/);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    const app = await jwtApp();
    expect(
      await expectRefused(app, { authorization: `Bearer ${await hsToken({}, { aud: 'someone-else' })}` }),
    ).toMatch(/"aud"/);
    expect(
      await expectRefused(app, {
        authorization: `Bearer ${await hsToken({}, { iss: 'https://evil.test' })}`,
      }),
    ).toMatch(/"iss"/);
  });

  it('refuses alg: none', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ spaces: '*', scope: 'read write', iss: ISSUER, aud: AUDIENCE, exp: now + 300 })}.`;
    await expectRefused(await jwtApp(), { authorization: `Bearer ${token}` });
  });

  it('refuses a token without the spaces claim, and a malformed Authorization header', async () => {
    const app = await jwtApp();
    expect(
      await expectRefused(app, { authorization: `Bearer ${await hsToken({ spaces: undefined })}` }),
    ).toMatch(/"spaces" claim/);
    expect(await expectRefused(app, { authorization: 'Basic dXNlcjpwYXNz' })).toMatch(/Bearer <token>/);
  });

  it('reads the spaces and scope from renamed claims', async () => {
    const app = await jwtApp({
      ...jwtEnv(),
      PAYGRAPH_JWT_SPACES_CLAIM: 'https://paygraph/spaces',
      PAYGRAPH_JWT_SCOPE_CLAIM: 'scp',
    });
    const token = await hsToken({
      spaces: undefined,
      scope: undefined,
      'https://paygraph/spaces': [String(space)],
      scp: ['read'],
    });
    const answer = await gql(app, SPACE_QUERY, {
      variables: { s: String(space) },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.body.data).toEqual({ space: { restId: String(space) } });
  });

  it('refuses to start with a short secret or a mismatched algorithm list', async () => {
    writeFileSync(join(dir, 'short'), 'too short');
    await expect(
      createAuthenticator(
        securityConfigFromEnv({ ...jwtEnv(), PAYGRAPH_JWT_SECRET_FILE: join(dir, 'short') }),
      ),
    ).rejects.toThrow(/at least 32 bytes/);
    await expect(
      createAuthenticator(securityConfigFromEnv({ ...jwtEnv(), PAYGRAPH_JWT_ALGORITHMS: 'RS256' })),
    ).rejects.toThrow(ConfigError);
  });
});

describe('jwt with public keys', () => {
  it('answers an RS256 token and refuses algorithm confusion (HS256 signed with the public key)', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    writeFileSync(join(dir, 'jwks.json'), JSON.stringify({ keys: [jwk] }));
    const env = {
      PAYGRAPH_AUTH: 'jwt',
      PAYGRAPH_JWKS_FILE: join(dir, 'jwks.json'),
      PAYGRAPH_JWT_AUDIENCE: AUDIENCE,
    };
    const app = await jwtApp(env);
    const claims = { spaces: '*', scope: 'read', sub: 'rs-caller' };
    const good = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    const answer = await gql(app, SPACE_QUERY, {
      variables: { s: String(space) },
      headers: { authorization: `Bearer ${good}` },
    });
    expect(answer.body.data).toEqual({ space: { restId: String(space) } });
    const pem = new TextEncoder().encode(await exportSPKI(publicKey));
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(pem);
    expect(await expectRefused(app, { authorization: `Bearer ${confused}` })).toMatch(/algorithm/);
  });
});

describe('jwt with a JWKS URL', () => {
  it('fetches the key set once, verifies tokens with it, and refuses a token of an unknown key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const other = await generateKeyPair('ES256', { extractable: true });
    const jwks = JSON.stringify({
      keys: [{ ...(await exportJWK(publicKey)), kid: 'es', alg: 'ES256', use: 'sig' }],
    });
    let fetches = 0;
    const server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
      const app = await jwtApp({ PAYGRAPH_AUTH: 'jwt', PAYGRAPH_JWKS_URL: url, PAYGRAPH_JWT_ISSUER: ISSUER });
      const sign = (key: CryptoKey) =>
        new SignJWT({ spaces: [space], scope: 'read', sub: 'es-caller' })
          .setProtectedHeader({ alg: 'ES256', kid: 'es' })
          .setIssuer(ISSUER)
          .setExpirationTime('5m')
          .sign(key);
      for (let i = 0; i < 3; i++) {
        const answer = await gql(app, SPACE_QUERY, {
          variables: { s: String(space) },
          headers: { authorization: `Bearer ${await sign(privateKey)}` },
        });
        expect(answer.body.data).toEqual({ space: { restId: String(space) } });
      }
      expect(fetches).toBe(1);
      await expectRefused(app, { authorization: `Bearer ${await sign(other.privateKey)}` });
    } finally {
      server.close();
    }
  });
});

describe('api keys', () => {
  const key = generateApiKey();
  const entries = () =>
    parseKeysFile(
      JSON.stringify({
        keys: [{ name: 'reporting', hash: hashApiKey(key), spaces: [space], scopes: ['read'] }],
      }),
    );

  it('answers a known key sent as a bearer token or as X-Api-Key', async () => {
    const app = appOver(world.rest, { authenticator: apiKeyAuthenticator(entries()) });
    const headerSets: Record<string, string>[] = [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }];
    for (const headers of headerSets) {
      const answer = await gql(app, SPACE_QUERY, { variables: { s: String(space) }, headers });
      expect(answer.body.data).toEqual({ space: { restId: String(space) } });
    }
  });

  it('refuses an unknown key, and the message never repeats it', async () => {
    const app = appOver(world.rest, { authenticator: apiKeyAuthenticator(entries()) });
    const wrong = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const message = await expectRefused(app, { 'x-api-key': wrong });
    expect(message).not.toContain(wrong);
  });

  it('stores only hashes: a plain key in the file, a short key or a foreign hash is refused', () => {
    expect(hashApiKey(key)).not.toContain(key);
    expect(() =>
      parseKeysFile(JSON.stringify({ keys: [{ name: 'x', key, spaces: '*', scopes: ['read'] }] })),
    ).toThrow(/plain key/);
    expect(() => hashApiKey('short')).toThrow(/at least 24/);
    expect(() =>
      parseKeysFile(
        JSON.stringify({ keys: [{ name: 'x', hash: 'md5$abc', spaces: '*', scopes: ['read'] }] }),
      ),
    ).toThrow(/hash-key/);
  });
});

describe('without credentials', () => {
  it('runs transactionByCredentials and nothing else', async () => {
    const open = appOver(world.rest);
    const found = await gql(
      open,
      `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { state: { eq: PENDING } }) { nodes { restId credentials } } } }`,
      {
        variables: { s: String(space) },
      },
    );
    const { restId, credentials } = found.body.data!.space.transactions.nodes[0];
    const app = await jwtApp();
    await expectRefused(app, {});
    await resetCalls(world);
    const mixed = await gql(
      app,
      `query($c: String!) { transactionByCredentials(credentials: $c) { mobileSdkUrl } spaces(first: 1) { nodes { restId } } }`,
      {
        variables: { c: credentials },
      },
    );
    expect(mixed.status).toBe(401);
    expect(await restCalls(world)).toBe(0);
    const answer = await gql(
      app,
      `query($c: String!) { transactionByCredentials(credentials: $c) { transaction { restId state } mobileSdkUrl } }`,
      {
        variables: { c: credentials },
      },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data!.transactionByCredentials.transaction.restId).toBe(restId);
    // Nothing beyond what the credentials authorize: the transaction's space, loaded, is refused.
    await resetCalls(world);
    const beyond = await gql(
      app,
      `query($c: String!) { transactionByCredentials(credentials: $c) { transaction { linkedSpace { name } } } }`,
      {
        variables: { c: credentials },
      },
    );
    expect(beyond.body.errors?.[0]).toMatchObject({
      path: ['transactionByCredentials', 'transaction', 'linkedSpace'],
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(await restCalls(world)).toBe(1); // getTransactionByCredentials only
  });
});
