// The rate limit at the door, attacked: a caller sending documents that are refused pays for them
// (REFUSAL_COST plus one token per KiB sent), so it soon finds its bucket empty; then it is refused
// with RATE_LIMITED before its body is even read (shown by a body that never ends) and with no REST
// call, while another caller is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { appOver, gql, resetCalls, restCalls, send } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
const [flood, calm] = [generateApiKey(), generateApiKey()];
let app: ReturnType<typeof appOver>;
const QUERY = `query($s: ID!) { space(id: $s) { customers(first: 2) { nodes { restId } } } }`;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  const entries = parseKeysFile(
    JSON.stringify({
      keys: [
        { name: 'flood', hash: hashApiKey(flood), spaces: '*', scopes: ['read'] },
        { name: 'calm', hash: hashApiKey(calm), spaces: '*', scopes: ['read'] },
      ],
    }),
  );
  // Refills one token a second: a bucket in debt stays so for the whole test.
  app = appOver(world.rest, {
    authenticator: apiKeyAuthenticator(entries),
    env: { PAYGRAPH_RATE_LIMIT_PER_SECOND: '1', PAYGRAPH_RATE_LIMIT_BURST: '200' },
  });
});

afterAll(async () => {
  await world?.close();
});

describe('the rate limit at the door', () => {
  it('charges refused documents, then refuses the caller before reading its body, with no REST call; others are served', async () => {
    const variables = { s: String(world.sandbox.spaces[0]) };
    const served = await gql(app, QUERY, { variables, headers: { 'x-api-key': flood } });
    expect(served.body.errors).toBeUndefined();
    // 150 KB of document: refused (PAYGRAPH_MAX_DOCUMENT_BYTES), charged 50 + 146 tokens.
    const huge = await gql(app, `{ ${'__typename '.repeat(15_000)}}`, { headers: { 'x-api-key': flood } });
    expect(huge.status).toBe(413);
    await resetCalls(world);
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"query": "{ __typename'));
      },
    });
    const refused = await send(app, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': flood },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1);
    const again = await gql(app, QUERY, { variables, headers: { 'x-api-key': flood } });
    expect(again.status).toBe(429);
    expect(await restCalls(world)).toBe(0);
    const other = await gql(app, QUERY, { variables, headers: { 'x-api-key': calm } });
    expect(other.body.errors).toBeUndefined();
  });
});
