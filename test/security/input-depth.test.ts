// Deep input, attacked (finding 12 of the security round 3: a `metaData` 10,000 levels deep in the
// variables, within 1 MiB, answered INTERNAL_SERVER_ERROR). Objects and lists nested past
// PAYGRAPH_MAX_INPUT_DEPTH in variables or in argument values are refused before validation with
// BAD_USER_INPUT (HTTP 400) naming where, over HTTP and WebSocket, with no REST call.
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../../src/server/app';
import { securityConfigFromEnv } from '../../src/server/config/security-config';
import type { RunningGraphServer } from '../../src/server/serve';
import { appOver, resetCalls, restCalls, send, serveOver, wsResult } from './support';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let app: App;
let space: string;

beforeAll(async () => {
  world = await startWorld({ graph: false });
  app = appOver(world.rest);
  space = String(world.sandbox.spaces[0]);
});

afterAll(async () => {
  await world?.close();
});

const CREATE = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { __typename ... on MutationError { code message } } }`;

/** `{"a":{"a":...1...}}` `levels` deep, written as text (serialising it would recurse as deep). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** The request body of CREATE with `metaData` given as raw JSON text. */
function createBody(metaData: string): string {
  return `{"query":${JSON.stringify(CREATE)},"variables":{"input":{"space":"${space}","givenName":"Ada","metaData":${metaData}}}}`;
}

function post(body: string) {
  return send(app, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
  });
}

describe('input nested too deep', () => {
  it('a metaData 10,000 levels deep in the variables: BAD_USER_INPUT, HTTP 400, naming where, no REST call', async () => {
    await resetCalls(world);
    const answer = await post(createBody(deepJson(10_000)));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0].message).toMatch(
      /more than 32 levels deep, at \$input\.metaData\.a\.a\.a\.a…/,
    );
    expect(answer.body.errors?.[0].message).toMatch(/PAYGRAPH_MAX_INPUT_DEPTH/);
    expect(await restCalls(world)).toBe(0);
  });

  it('as deep as allowed still reaches validation (a metaData value must be text: ValidationError)', async () => {
    const answer = await post(createBody(deepJson(28)));
    expect(answer.body.errors?.[0]?.extensions?.code).not.toBe('BAD_USER_INPUT');
    expect(JSON.stringify(answer.body)).not.toMatch(/INTERNAL_SERVER_ERROR/);
  });

  it('an argument value written too deep in the document: BAD_USER_INPUT before validation', async () => {
    const deep = `${'{ a: '.repeat(40)}1${' }'.repeat(40)}`;
    await resetCalls(world);
    const answer = await post(
      JSON.stringify({
        query: `mutation { createCustomer(input: { space: "${space}", metaData: ${deep} }) { __typename } }`,
      }),
    );
    // A validation-stage refusal: 400, or 200 for clients of the legacy application/json response.
    expect([200, 400]).toContain(answer.status);
    expect(answer.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0].message).toMatch(/at input\.metaData\.a\.a/);
    expect(await restCalls(world)).toBe(0);
  });

  it('a deep filter of ordinary depth runs', async () => {
    const filter = { and: [{ or: [{ not: { state: { eq: 'FULFILL' } } }, { state: { in: ['VOIDED'] } }] }] };
    const answer = await post(
      JSON.stringify({
        query: `query($s: ID!, $f: TransactionFilter) { space(id: $s) { transactions(first: 1, filter: $f) { nodes { restId } } } }`,
        variables: { s: space, f: filter },
      }),
    );
    expect(answer.body.errors).toBeUndefined();
  });

  describe('over WebSocket', () => {
    let graph: RunningGraphServer;
    beforeAll(async () => {
      graph = await serveOver(world.sandbox, {
        security: securityConfigFromEnv({ PAYGRAPH_MAX_INPUT_DEPTH: '8' }),
      });
    });
    afterAll(async () => {
      await graph?.close();
    });

    it('deep variables are refused the same way', async () => {
      const client = createClient({
        url: graph.url.replace('http', 'ws'),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
      });
      try {
        await resetCalls(world);
        const metaData = JSON.parse(deepJson(20)) as unknown;
        const answer = (await wsResult(client, CREATE, { input: { space, givenName: 'Ada', metaData } })) as {
          failed: { message: string; extensions?: { code?: string } }[];
        };
        expect(answer.failed[0].extensions?.code).toBe('BAD_USER_INPUT');
        expect(answer.failed[0].message).toMatch(/more than 8 levels deep/);
        expect(await restCalls(world)).toBe(0);
      } finally {
        await client.dispose();
      }
    });
  });
});
