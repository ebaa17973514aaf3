// The response cache keys answers with answerKey, hashed at once, in place of the plugin's default,
// which hashes through WebCrypto (a thread-pool job per operation). The keys must be the default's:
// answers an earlier version kept in Redis are found under the same key, and two requests share an
// answer exactly when the default would have them share it.
import { defaultBuildResponseCacheKey } from '@envelop/response-cache';
import { describe, expect, it } from 'vitest';
import { answerKey } from '../../src/server/cache/use-response-cache';

const DOCUMENT =
  'query Customers($first: Int, $filter: CustomerFilter) { customers(first: $first, filter: $filter) { edges { node { id } } } }';

interface KeyParams {
  documentString: string;
  variableValues: Record<string, unknown> | undefined;
  operationName: string | null | undefined;
  sessionId: string | null | undefined;
}

const ORDERED: KeyParams = {
  documentString: DOCUMENT,
  variableValues: { first: 20, filter: { state: 'ACTIVE', createdOn: { gte: '2026-01-01' } } },
  operationName: 'Customers',
  sessionId: 'c2Vzc2lvbg',
};
const REORDERED: KeyParams = {
  ...ORDERED,
  variableValues: { filter: { createdOn: { gte: '2026-01-01' }, state: 'ACTIVE' }, first: 20 },
};
const OTHER: KeyParams = {
  documentString: DOCUMENT,
  variableValues: { ids: ['b', 'a', null], amount: '249.50', ratio: 0.1, name: 'Zoë 東京 \u2028 "q"' },
  operationName: null,
  sessionId: null,
};

const CASES: Record<string, KeyParams> = {
  'no variables, no operation name, no session': {
    documentString: '{ __typename }',
    variableValues: undefined,
    operationName: undefined,
    sessionId: undefined,
  },
  'variables, operation name and session': ORDERED,
  'the same variables, their keys in another order': REORDERED,
  'lists, nulls, numbers and text beyond ASCII': OTHER,
};

describe('answerKey', () => {
  for (const [name, params] of Object.entries(CASES))
    it(`is the plugin's default key, at once: ${name}`, async () => {
      const key = answerKey(params);
      expect(typeof key).toBe('string');
      expect(key).toBe(await defaultBuildResponseCacheKey(params));
    });

  it('shares a key between the same variables in another order, and only between them', () => {
    expect(answerKey(REORDERED)).toBe(answerKey(ORDERED));
    expect(answerKey({ ...ORDERED, variableValues: { first: 21 } })).not.toBe(answerKey(ORDERED));
    expect(answerKey({ ...ORDERED, sessionId: 'another' })).not.toBe(answerKey(ORDERED));
    expect(answerKey(OTHER)).not.toBe(answerKey(ORDERED));
  });
});
