// Filter values crafted to widen a search: whatever a typed filter value holds (a trailing
// backslash, a quote, search operators), it goes out quoted as one value and matches only itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { appOver, gql } from './support';
import { startWorld, type TestWorld } from '../support/world';

class RecordingCaller implements RestCaller {
  queries: string[] = [];
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    const query = (options?.query as { query?: unknown } | undefined)?.query;
    if (typeof query === 'string') this.queries.push(query);
    return this.inner.call(operationId, options);
  }
}

let world: TestWorld;
let space: number;

beforeAll(async () => {
  world = await startWorld({ seedSize: 'default', graph: false });
  space = world.sandbox.spaces[0];
});

afterAll(async () => {
  await world?.close();
});

describe('typed filter values', () => {
  it('are quoted as one value whatever they hold, and widen nothing', async () => {
    const recorder = new RecordingCaller(world.rest);
    const app = appOver(recorder);
    const query = `query($s: ID!, $v: String) { space(id: $s) { customers(first: 100, filter: { familyName: { eq: $v } }) { nodes { restId } } } }`;
    for (const payload of ['x\\', 'x\\" OR id:*', '" OR familyName:*', 'a OR b', '*']) {
      recorder.queries = [];
      const answer = await gql(app, query, { variables: { s: String(space), v: payload } });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data!.space.customers.nodes).toEqual([]);
      expect(recorder.queries).toHaveLength(1);
      expect(recorder.queries[0]).toMatch(/^familyName:"/);
    }
  });
});
