// Field suggestions in production, attacked (finding 8 of the security round 3: `{ spacs }` answered
// `Did you mean "space" or "spaces"?`, also without credentials, so the schema could be rebuilt
// though introspection was off). With introspection off no error carries a hint (fields, arguments,
// types, enum values and input fields; validation and variables; HTTP and WebSocket), and none of
// these refusals makes a REST call; with introspection on the hints stay, for developers.
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../../src/server/app';
import { generateApiKey } from '../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import type { RunningGraphServer } from '../../src/server/serve';
import {
  apiKeysFile,
  appOver,
  gql,
  readCallers,
  resetCalls,
  restCalls,
  serveOver,
  wsResult,
} from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let production: App;
let development: App;
let key: string;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  const callers = readCallers('reader');
  key = callers.keys.reader;
  const env = { PAYGRAPH_AUTH: 'api-keys', NODE_ENV: 'production' };
  production = appOver(world.rest, {
    authenticator: callers.authenticator,
    security: securityConfigFromEnv(env),
  });
  development = appOver(world.rest, {
    authenticator: callers.authenticator,
    security: securityConfigFromEnv({ PAYGRAPH_AUTH: 'api-keys' }),
  });
});

afterAll(async () => {
  await world?.close();
});

const messages = (body: { errors?: { message: string }[] }) =>
  (body.errors ?? []).map((e) => e.message).join('\n');

const probes: [string, string, Record<string, unknown>][] = [
  ['field', `{ spacs }`, {}],
  ['argument', `{ space(idd: "1") { restId } }`, {}],
  ['type', `query($f: TransactionFiltr) { __typename }`, {}],
  [
    'an enum value',
    `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { state: { eq: FULFIL } }) { nodes { restId } } } }`,
    { s: '1' },
  ],
  [
    'an input field',
    `query($s: ID!) { space(id: $s) { transactions(first: 1, filter: { stat: { eq: FULFILL } }) { nodes { restId } } } }`,
    { s: '1' },
  ],
  [
    'enum value in a variable',
    `query($s: ID!, $f: TransactionFilter) { space(id: $s) { transactions(first: 1, filter: $f) { nodes { restId } } } }`,
    { s: '1', f: { state: { eq: 'FULFIL' } } },
  ],
  [
    'input field in a variable',
    `query($s: ID!, $f: TransactionFilter) { space(id: $s) { transactions(first: 1, filter: $f) { nodes { restId } } } }`,
    { s: '1', f: { stat: { eq: 'FULFILL' } } },
  ],
];

describe('with introspection off (production)', () => {
  for (const [what, query, variables] of probes) {
    it(`a misspelled ${what} is refused without a hint, with no REST call`, async () => {
      await resetCalls(world);
      const answer = await gql(production, query, { variables, headers: { 'x-api-key': key } });
      expect(answer.body.errors?.length).toBeGreaterThan(0);
      expect(messages(answer.body)).not.toMatch(/did you mean/i);
      expect(await restCalls(world)).toBe(0);
      const hinted = await gql(development, query, { variables, headers: { 'x-api-key': key } });
      expect(messages(hinted.body)).toMatch(/Did you mean/);
    });
  }

  it('without credentials: no hint either', async () => {
    const answer = await gql(production, `{ spacs transactionByCredential(credentials: "x") { id } }`);
    expect(messages(answer.body)).toMatch(/Cannot query field "spacs"/);
    expect(messages(answer.body)).not.toMatch(/did you mean|"spaces?"|transactionByCredentials/i);
  });

  describe('over WebSocket', () => {
    let graph: RunningGraphServer;
    let keysFile: ReturnType<typeof apiKeysFile>;
    const wsKey = generateApiKey();

    beforeAll(async () => {
      keysFile = apiKeysFile([{ name: 'ws', key: wsKey, spaces: '*', scopes: ['read'] }]);
      graph = await serveOver(world.sandbox, {
        security: securityConfigFromEnv({ ...keysFile.env, NODE_ENV: 'production' }),
      });
    });

    afterAll(async () => {
      await graph?.close();
      keysFile?.close();
    });

    it('no hint in validation errors or in variable errors', async () => {
      const client = createClient({
        url: graph.url.replace('http', 'ws'),
        webSocketImpl: WebSocket,
        connectionParams: { 'x-api-key': wsKey },
        retryAttempts: 0,
      });
      try {
        for (const [, query, variables] of [probes[0], probes[5]]) {
          const answer = (await wsResult(client, query, variables)) as {
            failed?: { message: string }[];
            errors?: { message: string }[];
          };
          const text = (answer.failed ?? answer.errors ?? []).map((e) => e.message).join('\n');
          expect(text).not.toBe('');
          expect(text).not.toMatch(/did you mean/i);
        }
      } finally {
        await client.dispose();
      }
    });
  });
});
