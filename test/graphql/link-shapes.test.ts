// Links arrive in two shapes: collapsed to an object holding the id (`{ "id": 123 }`, as the response
// schemas type them and the sandbox answers) or as the bare id (as some deployments answer). The read
// path treats both as the same unexpanded link: the same query gives the same data and the same calls.
// The bare shape cannot come from the sandbox, so a caller rewrites its answers into it.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphContext } from '../../src/resolvers';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { schema } from '../../src/schema';
import { count, RecordingCaller, startWorld, type TestWorld } from '../support/world';

const { execute, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** Every object holding nothing but an id, anywhere in the answer, becomes that id. */
function bareIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bareIds);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0][0] === 'id') return entries[0][1];
  return Object.fromEntries(entries.map(([k, v]) => [k, bareIds(v)]));
}

class BareIdCaller implements RestCaller {
  constructor(private readonly inner: RestCaller) {}
  async call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    return bareIds(await this.inner.call(operationId, options)) as ResultOf<Op>;
  }
}

let h: TestWorld;
let refundId: number;
let configurationId: number;

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  const refunds = (await h.rest.call('searchRefunds', { space: h.space, query: { limit: 1 } })) as {
    data: { id: number }[];
  };
  refundId = refunds.data[0].id;
  const configurations = (await h.rest.call('searchPaymentConnectorConfigurations', {
    space: h.space,
    query: { query: '-enabledSalesChannels:*', limit: 1 },
  })) as { data: { id: number; enabledSalesChannels: unknown[] }[] };
  configurationId = configurations.data[0].id;
  expect(configurations.data[0].enabledSalesChannels[0]).toEqual({ id: expect.any(Number) });
});
afterAll(() => h?.close());

async function runWith(
  caller: (inner: RestCaller) => RestCaller,
  query: string,
  variables: Record<string, unknown>,
) {
  const recorder = new RecordingCaller(h.rest);
  const contextValue = createGraphContext({ rest: caller(recorder) });
  const result = await execute({ schema, document: parse(query), variableValues: variables, contextValue });
  return { data: result.data, errors: result.errors, calls: count(recorder.calls) };
}

const QUERY = `query($s: ID!, $r: ID!, $c: ID!) { space(id: $s) {
  refund(id: $r) { restId transaction { restId state token { restId } paymentConnectorConfiguration { restId name } } }
  paymentConnectorConfiguration(id: $c) { restId enabledSalesChannels { restId name } }
} }`;

describe('collapsed and bare links', () => {
  it('read alike: the same data and the same REST calls', async () => {
    const variables = { s: String(h.space), r: String(refundId), c: String(configurationId) };
    const collapsed = await runWith((inner) => inner, QUERY, variables);
    const bare = await runWith((inner) => new BareIdCaller(inner), QUERY, variables);
    expect(collapsed.errors).toBeUndefined();
    expect(bare.errors).toBeUndefined();
    expect(bare.data).toEqual(collapsed.data);
    expect(bare.calls).toEqual(collapsed.calls);
    const space = collapsed.data?.space as Record<string, Record<string, any>>;
    expect(space.refund.transaction.state).toEqual(expect.any(String));
    expect(space.paymentConnectorConfiguration.enabledSalesChannels.length).toBeGreaterThan(0);
    expect(space.paymentConnectorConfiguration.enabledSalesChannels[0].name).toBeTruthy();
  });
});
