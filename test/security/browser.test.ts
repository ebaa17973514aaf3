// Browser callers, attacked: a cross-site form POST (form-urlencoded, multipart, text/plain), a
// cross-site GET with credentials and no preflight header, a mutation over GET, and cross-origin requests from an origin not in
// PAYGRAPH_CORS_ORIGINS; none executes (zero REST calls) and none gets CORS headers. Production
// errors keep the upstream error id and lose the upstream's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, securityConfigFromEnv } from '../../src/server/config/security-config';
import { CSRF_HEADER } from '../../src/server/http/use-browser-rules';
import { appOver, gql, resetCalls, restCalls, send } from './support';
import { startWorld, type TestWorld } from '../support/world';

const QUERY = '{ spaces(first: 1) { nodes { restId } } }';
const SHOP = 'https://shop.example';
let world: TestWorld;
let app: ReturnType<typeof appOver>;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  app = appOver(world.rest, { env: { PAYGRAPH_CORS_ORIGINS: SHOP } });
});

afterAll(async () => {
  await world?.close();
});

describe('cross-site requests', () => {
  it('does not execute form-urlencoded, multipart or text/plain POSTs, even with the CSRF header', async () => {
    const form = new URLSearchParams({ query: QUERY });
    const multipart = new FormData();
    multipart.set('operations', JSON.stringify({ query: QUERY }));
    const bodies: [string, RequestInit][] = [
      ['form', { method: 'POST', body: form, headers: { origin: 'https://evil.example' } }],
      ['multipart', { method: 'POST', body: multipart }],
      [
        'text',
        { method: 'POST', body: JSON.stringify({ query: QUERY }), headers: { 'content-type': 'text/plain' } },
      ],
      ['form + csrf header', { method: 'POST', body: form, headers: { [CSRF_HEADER]: '1' } }],
    ];
    for (const [, init] of bodies) {
      await resetCalls(world);
      const answer = await send(app, init);
      expect([403, 415]).toContain(answer.status);
      expect(answer.body.data).toBeUndefined();
      expect(await restCalls(world)).toBe(0);
    }
  });

  it('runs GET queries as client libraries send them, refuses a cross-site one with credentials, and never a mutation over GET', async () => {
    const url = `http://paygraph.test/graphql?query=${encodeURIComponent(QUERY)}`;
    // urql's default: a GET with only an accept header.
    const bare = await send(app, {
      url,
      method: 'GET',
      headers: { accept: 'application/graphql-response+json, application/json' },
    });
    expect(bare.body.data?.spaces.nodes).toHaveLength(1);
    // What a foreign page's link or image makes the browser send: cross-site, with the user's cookie.
    const forged = {
      accept: 'application/json',
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
      cookie: 'session=1',
    };
    await resetCalls(world);
    const refusedGet = await send(app, { url, method: 'GET', headers: forged });
    expect([refusedGet.status, refusedGet.body.errors?.[0]?.extensions?.code]).toEqual([
      403,
      'CSRF_PREFLIGHT_REQUIRED',
    ]);
    expect(refusedGet.body.errors?.[0]?.message).toContain('apollo-require-preflight');
    expect(await restCalls(world)).toBe(0);
    // A header only a preflighted request can carry (yoga's, or Apollo's) lets it through; so does an allowed origin.
    for (const headers of [
      { ...forged, [CSRF_HEADER]: '1' },
      { ...forged, 'apollo-require-preflight': 'true' },
      { ...forged, origin: SHOP },
    ]) {
      const answer = await send(app, { url, method: 'GET', headers });
      expect(answer.body.data?.spaces.nodes, JSON.stringify(headers)).toHaveLength(1);
    }
    const mutation = `http://paygraph.test/graphql?query=${encodeURIComponent('mutation { __typename }')}`;
    await resetCalls(world);
    const refused = await send(app, {
      url: mutation,
      method: 'GET',
      headers: { accept: 'application/json', [CSRF_HEADER]: '1' },
    });
    expect(refused.status).toBe(405);
    expect(await restCalls(world)).toBe(0);
  });
});

describe('CORS by allow-list', () => {
  it('answers an allowed origin by name, with credentials, never *', async () => {
    const preflight = await send(app, {
      method: 'OPTIONS',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const answer = await gql(app, QUERY, { headers: { origin: SHOP } });
    expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('gives another origin no CORS headers, preflight or not; by default no origin at all', async () => {
    for (const target of [app, appOver(world.rest)]) {
      const preflight = await send(target, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const answer = await gql(target, QUERY, { headers: { origin: 'https://evil.example' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('refuses * in the allow-list at start', () => {
    expect(() => securityConfigFromEnv({ PAYGRAPH_CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => securityConfigFromEnv({ PAYGRAPH_CORS_ORIGINS: 'https://shop.example/path' })).toThrow(
      /not an origin/,
    );
  });
});

describe('errors in production', () => {
  it('keep the code, status and upstream error id, and lose the upstream message, method and path', async () => {
    const production = appOver(world.rest, { env: { NODE_ENV: 'production' } });
    const answer = await gql(
      production,
      `{ space(id: 987654321) { transactions(first: 1) { nodes { id } } } }`,
    );
    const error = answer.body.errors![0];
    expect(error.extensions).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      upstreamErrorId: expect.any(String),
    });
    expect(error.message).toBe('not found');
    const text = JSON.stringify(answer.body);
    for (const leak of [
      '987654321',
      '/api/v2.0',
      'GET ',
      'searchTransactions',
      new URL(world.sandbox.baseUrl).port,
    ])
      expect(text).not.toContain(leak);
  });

  it('mask unexpected errors without a stack', async () => {
    const broken = appOver(
      { call: () => Promise.reject(new TypeError(`connect ECONNREFUSED ${world.sandbox.baseUrl}`)) },
      { env: { NODE_ENV: 'production' } },
    );
    const answer = await gql(broken, QUERY);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('ECONNREFUSED');
    expect(text).not.toContain('stack');
  });
});
