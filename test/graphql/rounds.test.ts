// REST rounds on the critical path: children whose parent key comes from the arguments start with
// the parent's lookup, and the children of many parents come from one optimistic search with
// follow-ups only for the parents it may have cut short. Answers equal the naive resolvers'. The
// operations are typed documents (test/operations/rounds.graphql), checked against the schema.
// Through the app, rounds are counted where each call leaves for REST (SendRounds): after every bound
// on the calls in flight, so a bound that splits one round into waves shows as more rounds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { encodeGlobalId } from '../../src/resolvers';
import { createRestClient, type RestClient } from '../../src/rest';
import type { CallOptions, CallScope, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { createApp, type App } from '../../src/server/app';
import {
  RoundsCustomersWithChildrenDocument,
  RoundsCutCompletionsDocument,
  RoundsFilteredRefundsDocument,
  RoundsManyCompletionsDocument,
  RoundsNodeRefundsDocument,
  RoundsTransactionWithChildrenDocument as ONE_WITH_CHILDREN,
} from '../operations/generated';
import { runTyped } from '../support/typed-operations';
import { at, count, rounds, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
let tx: number;

/**
 * REST rounds counted as calls are sent: a call's round is 1 + the latest round among the calls that
 * had answered when it was sent (its slot taken in the fair REST queue and in the client's limiter).
 */
class SendRounds implements RestCaller {
  private answered = 0;
  sent: number[] = [];
  inner!: RestCaller;

  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    const call: { round?: number } = {};
    const settled = () => (this.answered = Math.max(this.answered, call.round ?? 0));
    const outer = options?.scope;
    // The client reads a call's scope headers as it sends it (every attempt): the moment to note.
    const noted = (): CallScope['headers'] => {
      this.sent.push((call.round = this.answered + 1));
      return outer?.headers;
    };
    const scope: CallScope = {
      get headers() {
        return noted();
      },
      onCall: (event) => outer?.onCall?.(event),
    };
    return this.inner.call(operationId, { ...options, scope } as CallOptions<Op>).finally(settled);
  }

  get rounds(): number {
    return Math.max(0, ...this.sent);
  }

  reset(): void {
    this.sent = [];
    this.answered = 0;
  }
}

/** The app as \`serve\` builds it (default settings, the REST client's default bound), over a SendRounds. */
const sends = new SendRounds();
let appRest: RestClient;
let app: App;

const viaApp = {
  async run(query: string, variables: Record<string, unknown> = {}) {
    sends.reset();
    const response = await app.fetch('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
    return { data: body.data, errors: body.errors, rounds: sends.rounds, calls: sends.sent.length };
  },
};

type Obj = Record<string, unknown>;

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  // A transaction with at least one completion and one refund, so the answers are not empty.
  const refunds = (await h.rest.call('searchRefunds', {
    space: h.space,
    query: { limit: 1, expand: ['transaction'] },
  })) as {
    data: { transaction: { id: number } }[];
  };
  tx = refunds.data[0].transaction.id;
  const [user] = h.sandbox.users;
  appRest = createRestClient({
    baseUrl: h.sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
  });
  sends.inner = appRest;
  app = createApp({ rest: sends, graphiql: false });
});
afterAll(async () => {
  await appRest?.close();
  await h?.close();
});

async function sameAsNaive<Result, Vars extends Obj>(
  query: TypedDocumentNode<Result, Vars>,
  variables: Vars,
) {
  const fast = await runTyped(h, query, variables);
  expect(fast.errors).toBeUndefined();
  const naive = await runTyped(h, query, variables, { naive: true });
  expect(naive.errors).toBeUndefined();
  expect(fast.data).toEqual(naive.data);
  return fast;
}

describe('children of a parent known from the arguments', () => {
  it('transaction(id:) with completions and refunds: one round of three calls', async () => {
    const r = await sameAsNaive(ONE_WITH_CHILDREN, { s: String(h.space), t: String(tx), n: 5 });
    expect((at(r.data, 'space.transaction.refunds.nodes') as Obj[]).length).toBeGreaterThan(0);
    expect(count(r.calls)).toEqual({
      searchTransactions: 1,
      searchTransactionCompletions: 1,
      searchRefunds: 1,
    });
    expect(rounds(r.calls)).toBe(1);
  });

  it('node(id:) starts its children with it too', async () => {
    const r = await sameAsNaive(RoundsNodeRefundsDocument, {
      id: encodeGlobalId('Transaction', h.space, tx),
    });
    expect(count(r.calls)).toEqual({ searchTransactions: 1, searchRefunds: 1 });
    expect(rounds(r.calls)).toBe(1);
  });

  it('an unknown id answers null, in one round', async () => {
    const r = await runTyped(h, ONE_WITH_CHILDREN, { s: String(h.space), t: '999999999', n: 5 });
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'space.transaction')).toBeNull();
    expect(rounds(r.calls)).toBe(1);
  });

  it('children with a filter wait for the parent (arguments it does not read alone), with the same answer', async () => {
    const r = await sameAsNaive(RoundsFilteredRefundsDocument, { s: String(h.space), t: String(tx) });
    expect(count(r.calls)).toEqual({ searchTransactions: 1, searchRefunds: 1 });
    expect(rounds(r.calls)).toBe(2);
  });
});

describe('children of many parents', () => {
  it('20 transactions with completions(first: 10): one list and one optimistic search', async () => {
    const r = await sameAsNaive(RoundsManyCompletionsDocument, { s: String(h.space) });
    expect(count(r.calls)).toEqual({ listTransactions: 1, searchTransactionCompletions: 1 });
    expect(rounds(r.calls)).toBe(2);
    const search = r.calls.find((c) => c.operationId === 'searchTransactionCompletions')!;
    expect(String(search.query?.query).split(' OR ')).toHaveLength(20);
    expect(search.query?.limit).toBe(100);
  });

  it('a cut search asks again only for the parents it may have cut, in safe chunks, then one by one', async () => {
    const query = RoundsCutCompletionsDocument;
    const limit = 6;
    const r = await runTyped(h, query, { s: String(h.space) }, { childBatchLimit: limit });
    expect(r.errors).toBeUndefined();
    const naive = await runTyped(h, query, { s: String(h.space) }, { naive: true });
    expect(r.data).toEqual(naive.data);
    const searches = r.calls.filter((c) => c.operationId === 'searchTransactionCompletions');
    const parentsOf = (c: (typeof searches)[number]) => String(c.query?.query).split(' OR ').length;
    expect(parentsOf(searches[0])).toBe(12);
    expect(searches.length).toBeGreaterThan(1); // the first search was cut
    expect(searches[0].round).toBe(2);
    // Follow-ups: chunks of limit / (first + 1) = 2 parents, then single parents; never all 12 again.
    for (const s of searches.slice(1)) expect(parentsOf(s)).toBeLessThanOrEqual(2);
    expect(Math.max(...searches.map((s) => s.round))).toBeLessThanOrEqual(4);
  });
});

describe("children under each row's own path, through the app", () => {
  it('20 customers with addresses and comments: the page, then all 40 child lists in one round', async () => {
    const r = await runTyped(viaApp, RoundsCustomersWithChildrenDocument, { s: String(h.space) });
    expect(r.errors).toBeUndefined();
    expect(at(r.data, 'space.customers.nodes')).toHaveLength(20);
    expect(r.data).toEqual(
      (await runTyped(h, RoundsCustomersWithChildrenDocument, { s: String(h.space) })).data,
    );
    expect(r.calls).toBe(41);
    expect(r.rounds).toBe(2);
  });
});
