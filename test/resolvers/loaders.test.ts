// The loaders over the real sandbox: exact batches, 100-key chunks, key order, null for missing
// keys, an Error for the keys of a failed call (others unaffected), reuse of objects that arrived
// with a larger expand set, and one fetch for a key wanted with several expand sets in one tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityCache } from '../../src/resolvers/entity-cache';
import { Loaders } from '../../src/resolvers/loaders';
import { count, RecordingCaller, startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
let txIds: string[];

function fresh(naive = false) {
  const recorder = new RecordingCaller(h.rest);
  const loaders = new Loaders({ rest: recorder }, new EntityCache(), naive);
  return { recorder, loaders };
}

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  const body = (await h.rest.call('searchTransactions', {
    space: h.space,
    query: { limit: 100, order: 'id:DESC' },
  })) as {
    data: { id: number }[];
  };
  const more = (await h.rest.call('searchTransactions', {
    space: h.space,
    query: { limit: 30, offset: 100, order: 'id:DESC' },
  })) as {
    data: { id: number }[];
  };
  txIds = [...body.data, ...more.data].map((t) => String(t.id));
});
afterAll(() => h?.close());

describe('loaders', () => {
  it('batch keys of one tick into one search, answering in key order with null for missing keys', async () => {
    const { recorder, loaders } = fresh();
    const keys = [txIds[3], '999999999', txIds[1], txIds[2]];
    const got = await Promise.all(keys.map((k) => loaders.load('Transaction', h.space, k, [])));
    expect(got.map((e) => (e ? String(e.id) : null))).toEqual([txIds[3], null, txIds[1], txIds[2]]);
    expect(loaders.batches.map((b) => b.keys)).toEqual([keys]);
    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0].query).toMatchObject({
      query: `(id:${txIds[3]} OR id:999999999 OR id:${txIds[1]} OR id:${txIds[2]})`,
      limit: 4,
    });
  });

  it('split more than 100 keys into searches of at most 100', async () => {
    const { recorder, loaders } = fresh();
    const got = await Promise.all(txIds.map((k) => loaders.load('Transaction', h.space, k, [])));
    expect(got.every((e, i) => e && String(e.id) === txIds[i])).toBe(true);
    expect(recorder.calls.map((c) => c.query?.limit)).toEqual([100, 30]);
  });

  it('use parallel retrievals where the resource has no search', async () => {
    const { recorder, loaders } = fresh();
    const states = (await h.rest.call('listCountryStates', {})) as { id: string }[];
    const keys = [states[0].id, 'NO-SUCH-STATE', states[1].id];
    const got = await Promise.all(keys.map((k) => loaders.load('RestCountryState', null, k, [])));
    expect(got.map((e) => e?.id ?? null)).toEqual([states[0].id, null, states[1].id]);
    expect(count(recorder.calls)).toEqual({ getCountryState: 3 });
  });

  it('a failed call fails only its own keys', async () => {
    const { loaders } = fresh();
    h.sandbox.faults.set({ errorCount: 1, errorStatus: 403, match: { operationId: 'searchRefunds' } });
    try {
      const [tx, refund] = await Promise.allSettled([
        loaders.load('Transaction', h.space, txIds[0], []),
        loaders.load('Refund', h.space, '1', []),
      ]);
      expect(tx.status).toBe('fulfilled');
      expect(refund).toMatchObject({ status: 'rejected', reason: { status: 403 } });
    } finally {
      h.sandbox.faults.clear();
    }
  });

  it('an object fetched with a larger expand set serves a smaller one, not the reverse', async () => {
    const { recorder, loaders } = fresh();
    const withToken = await loaders.load('Transaction', h.space, txIds[0], [
      'paymentConnectorConfiguration',
      'paymentConnectorConfiguration.connector',
    ]);
    expect(recorder.calls).toHaveLength(1);
    expect(await loaders.load('Transaction', h.space, txIds[0], ['paymentConnectorConfiguration'])).toBe(
      withToken,
    );
    expect(await loaders.load('Transaction', h.space, txIds[0], [])).toBe(withToken);
    // The expanded configuration was primed at its own level, with its own (smaller) expand set.
    const config = withToken!.paymentConnectorConfiguration as { id: number };
    expect(
      await loaders.load('PaymentConnectorConfiguration', h.space, String(config.id), ['connector']),
    ).toBe(config);
    expect(recorder.calls).toHaveLength(1);
    await loaders.load('Transaction', h.space, txIds[0], ['token']);
    expect(recorder.calls).toHaveLength(2);
  });

  it('keys wanted in one tick with different expand sets are fetched once, with the union of the sets', async () => {
    const { recorder, loaders } = fresh();
    const [plain, withConfig, withToken] = await Promise.all([
      loaders.load('Transaction', h.space, txIds[0], []),
      loaders.load('Transaction', h.space, txIds[0], ['paymentConnectorConfiguration']),
      loaders.load('Transaction', h.space, txIds[1], ['token']),
    ]);
    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0].query).toMatchObject({
      query: `(id:${txIds[0]} OR id:${txIds[1]})`,
      expand: ['paymentConnectorConfiguration', 'token'],
    });
    expect(plain).toBe(withConfig);
    expect(String(withToken!.id)).toBe(txIds[1]);
    // Served from the cache afterwards, for any expand set the union covers.
    expect(
      await loaders.load('Transaction', h.space, txIds[1], ['paymentConnectorConfiguration', 'token']),
    ).toBe(withToken);
    expect(recorder.calls).toHaveLength(1);
  });

  it('two aliases selecting one object with different selections cost one call', async () => {
    const t = txIds.find(
      (id) => h.sandbox.state.store.get('Transaction', Number(id), h.space)?.token != null,
    )!;
    const r = await h.run(
      `query($s: ID!, $t: ID!) { space(id: $s) { a: transaction(id: $t) { state } b: transaction(id: $t) { token { state } } } }`,
      {
        s: String(h.space),
        t,
      },
    );
    expect(r.errors).toBeUndefined();
    expect(count(r.calls)).toEqual({ searchTransactions: 1 });
    expect(r.calls.find((c) => c.operationId === 'searchTransactions')?.query?.expand).toEqual(['token']);
  });

  it('naive mode makes one retrieval per key, without batching or caching', async () => {
    const { recorder, loaders } = fresh(true);
    await Promise.all([txIds[0], txIds[1], txIds[0]].map((k) => loaders.load('Transaction', h.space, k, [])));
    expect(count(recorder.calls)).toEqual({ getTransaction: 3 });
  });
});
