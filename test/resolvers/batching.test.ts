// Batching over a scripted REST API (no HTTP): how the loaders turn the keys one tick wants into REST
// calls (searches of at most 100, one per parent of a nested base, retrievals where there is no
// search) and how each key gets its answer (its object, null, or the error of its own call). The same
// over the sandbox is test/resolvers/loaders.test.ts.
import { describe, expect, it } from 'vitest';
import { EntityCache } from '../../src/resolvers/entity-cache';
import { Loaders } from '../../src/resolvers/loaders';
import { count } from '../support/world';
import {
  failure,
  page,
  scriptedCaller,
  termValues,
  type Script,
  type ScriptedCall,
} from './support/scripted-rest';

const SPACE = 7;

/** Loaders over a scripted REST API, and the calls they made. */
function loadersOver(script: Script, naive = false) {
  const recorder = scriptedCaller(script);
  return { recorder, loaders: new Loaders({ rest: recorder }, new EntityCache(), naive) };
}

/** A search that finds the ids it is asked for among `existing`, in id order, as REST does. */
const searchAmong =
  (existing: Set<string>, field = 'id') =>
  (call: ScriptedCall) =>
    page(
      termValues(call.query.query, field)
        .filter((id) => existing.has(id))
        .sort((a, b) => Number(a) - Number(b))
        .map((id) => ({ id: Number(id), state: 'FULFILL' })),
    );

const keys = (n: number, from = 1) => Array.from({ length: n }, (_, i) => String(from + i));

describe('entity batches', () => {
  it('one tick of keys is one search, answered in key order, null for a key REST does not know', async () => {
    const { recorder, loaders } = loadersOver(searchAmong(new Set(['3', '5', '9'])));
    const wanted = ['9', '4', '3', '5'];
    const got = await Promise.all(wanted.map((k) => loaders.load('Transaction', SPACE, k, [])));
    expect(got.map((e) => e?.id ?? null)).toEqual([9, null, 3, 5]);
    expect(recorder.calls.map((c) => [c.operationId, c.space, c.query])).toEqual([
      ['searchTransactions', SPACE, { query: '(id:9 OR id:4 OR id:3 OR id:5)', limit: 4 }],
    ]);
  });

  it('250 keys are searches of 100, 100 and 50, and the same key twice is asked once', async () => {
    const all = keys(250);
    const { recorder, loaders } = loadersOver(searchAmong(new Set(all)));
    const got = await Promise.all([...all, '17'].map((k) => loaders.load('Transaction', SPACE, k, [])));
    expect(got.map((e) => String(e?.id))).toEqual([...all, '17']);
    expect(recorder.calls.map((c) => c.query?.limit)).toEqual([100, 100, 50]);
    expect(recorder.calls.flatMap((c) => termValues(c.query?.query, 'id'))).toEqual(all);
  });

  it('asks a key wanted with two expand sets in one tick once, with their union, and serves both', async () => {
    const { recorder, loaders } = loadersOver(searchAmong(new Set(['1', '2'])));
    const [a, b] = await Promise.all([
      loaders.load('Transaction', SPACE, '1', ['token']),
      loaders.load('Transaction', SPACE, '1', ['group']),
    ]);
    expect([a?.id, b?.id]).toEqual([1, 1]);
    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0].query).toMatchObject({ query: 'id:1', limit: 1, expand: ['group', 'token'] });
    // An object fetched with the larger set serves a later, smaller ask without a call.
    await loaders.load('Transaction', SPACE, '1', ['token']);
    expect(recorder.calls).toHaveLength(1);
  });

  it('a failed search fails its own keys only', async () => {
    const existing = new Set(keys(150));
    const { loaders } = loadersOver((call) => {
      if (termValues(call.query.query, 'id').includes('120')) throw failure(call, 503, 'down for a moment');
      return searchAmong(existing)(call);
    });
    const got = await Promise.allSettled(keys(150).map((k) => loaders.load('Transaction', SPACE, k, [])));
    expect(got.slice(0, 100).every((r) => r.status === 'fulfilled' && r.value !== null)).toBe(true);
    expect(got.slice(100).every((r) => r.status === 'rejected')).toBe(true);
  });

  it('searches a nested base once per parent, by the child ids under the parent path', async () => {
    const { recorder, loaders } = loadersOver((call) =>
      page(
        termValues(call.query.query, 'id').map((id) => ({
          id: Number(id),
          customer: { id: Number(call.path?.customerId) },
        })),
      ),
    );
    await Promise.all(['10/1', '10/2', '20/3'].map((k) => loaders.load('CustomerAddress', SPACE, k, [])));
    expect(recorder.calls.map((c) => [c.operationId, c.path, c.query?.query])).toEqual([
      ['searchCustomerAddresses', { customerId: '10' }, '(id:1 OR id:2)'],
      ['searchCustomerAddresses', { customerId: '20' }, 'id:3'],
    ]);
  });

  it('retrieves one by one, concurrently, where the resource has no search; a 404 is null', async () => {
    const { recorder, loaders } = loadersOver((call) => {
      const id = String(call.path?.id);
      if (id === 'XX-NONE') throw failure(call, 404, 'no such state');
      return { id, name: id };
    });
    const got = await Promise.all(
      ['CH-ZH', 'XX-NONE', 'CH-BE'].map((k) => loaders.load('RestCountryState', null, k, [])),
    );
    expect(got.map((e) => e?.id ?? null)).toEqual(['CH-ZH', null, 'CH-BE']);
    expect(count(recorder.calls)).toEqual({ getCountryState: 3 });
  });

  it('naive loaders (the benchmark baseline) make one call per key, however many share a tick', async () => {
    const { recorder, loaders } = loadersOver(
      (call) => ({ id: Number(call.path?.id), state: 'FULFILL' }),
      true,
    );
    await Promise.all(['1', '2', '3'].map((k) => loaders.load('Transaction', SPACE, k, [])));
    expect(count(recorder.calls)).toEqual({ getTransaction: 3 });
  });
});
