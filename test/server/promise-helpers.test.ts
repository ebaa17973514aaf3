// The production build serves graphql-yoga, envelop and @whatwg-node/server the promise helpers of
// src/server/http/promise-helpers.ts (2.x's code with 1.x's API) in place of the 1.x copy they install
// (scripts/build-substitutions.mjs). Every request's hook chain runs through them, so they must answer
// as 1.x does: the same value or error, given back at once or later alike, each callback called with the
// same arguments in the same order. Both run here on every combination of what a step may meet.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as compat from '../../src/server/http/promise-helpers';

type Helpers = typeof compat;
const fromYoga = createRequire(createRequire(import.meta.url).resolve('graphql-yoga'));
const v1 = fromYoga('@whatwg-node/promise-helpers') as Helpers;
const v1Version = (fromYoga('@whatwg-node/promise-helpers/package.json') as { version: string }).version;

class Failure extends Error {}

/** What a helper gave back: at once or later, a value or an error. */
type Outcome = { when: 'at once' | 'later'; value?: unknown; error?: string };

async function outcomeOf(run: () => unknown): Promise<Outcome> {
  let given: unknown;
  try {
    given = run();
  } catch (error) {
    return { when: 'at once', error: String(error) };
  }
  if (typeof (given as PromiseLike<unknown> | undefined)?.then !== 'function')
    return { when: 'at once', value: given };
  try {
    return { when: 'later', value: await given };
  } catch (error) {
    return { when: 'later', error: String(error) };
  }
}

/** A hand-made thenable, not a Promise: what plugins' own libraries may give back. */
const thenable = (value: number) => ({
  then: (resolve: (v: number) => unknown) => Promise.resolve(value).then(resolve),
});

const INPUTS: Record<string, () => unknown> = {
  value: () => 1,
  undefined: () => undefined,
  throws: () => {
    throw new Failure('input threw');
  },
  resolves: () => Promise.resolve(2),
  rejects: () => Promise.reject(new Failure('input rejected')),
  thenable: () => thenable(3),
};
const SUCCESS: Record<string, (v: unknown) => unknown> = {
  maps: (v) => [v],
  throws: () => {
    throw new Failure('success threw');
  },
  resolves: (v) => Promise.resolve([v, 'later']),
  rejects: () => Promise.reject(new Failure('success rejected')),
};
const ERROR: Record<string, ((e: unknown) => unknown) | undefined> = {
  none: undefined,
  recovers: (e) => `recovered from ${String(e)}`,
  throws: () => {
    throw new Failure('error handler threw');
  },
  resolves: (e) => Promise.resolve(`recovered later from ${String(e)}`),
};
const FINALLY: Record<string, (() => Promise<void> | void) | undefined> = {
  none: undefined,
  runs: () => undefined,
  throws: () => {
    throw new Failure('finally threw');
  },
  resolves: () => Promise.resolve(),
};

/** `fn` logging each call (its name and arguments) into `log`. */
function logged<A extends unknown[], R>(
  log: string[],
  name: string,
  fn: ((...args: A) => R) | undefined,
): ((...args: A) => R) | undefined {
  if (!fn) return undefined;
  return (...args: A) => {
    log.push(`${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(', ')})`);
    return fn(...args);
  };
}

async function handled(helpers: Helpers, input: string, success: string, error: string, fin: string) {
  const log: string[] = [];
  const outcome = await outcomeOf(() =>
    helpers.handleMaybePromise(
      logged(log, 'input', INPUTS[input])!,
      logged(log, 'success', SUCCESS[success])!,
      logged(log, 'error', ERROR[error]),
      logged(log, 'finally', FINALLY[fin]),
    ),
  );
  return { outcome, log };
}

describe('the promise helpers bundled in place of 1.x', () => {
  it('export every name 1.x does, as functions', () => {
    expect(v1Version).toMatch(/^1\./);
    const missing = Object.keys(v1).filter(
      (name) =>
        typeof (compat as Record<string, unknown>)[name] !== typeof (v1 as Record<string, unknown>)[name],
    );
    expect(missing).toEqual([]);
  });

  it('handleMaybePromise: the same outcome and callback calls as 1.x, for every combination', async () => {
    const differences: string[] = [];
    let combinations = 0;
    for (const input of Object.keys(INPUTS))
      for (const success of Object.keys(SUCCESS))
        for (const error of Object.keys(ERROR))
          for (const fin of Object.keys(FINALLY)) {
            combinations++;
            const expected = await handled(v1, input, success, error, fin);
            const actual = await handled(compat, input, success, error, fin);
            const name = `input ${input}, success ${success}, error ${error}, finally ${fin}`;
            if (JSON.stringify(actual) !== JSON.stringify(expected))
              differences.push(`${name}: ${JSON.stringify(actual)} (1.x: ${JSON.stringify(expected)})`);
          }
    expect(combinations).toBe(384);
    expect(differences).toEqual([]);
    // The point of the swap: a step on plain values answers at once, as 1.x's does.
    expect(await handled(compat, 'value', 'maps', 'none', 'none')).toEqual({
      outcome: { when: 'at once', value: [1] },
      log: ['input(undefined)', 'success(1)'],
    });
  });

  it('mapMaybePromise (2.x has none): as 1.x for every input, success and error', async () => {
    for (const input of Object.keys(INPUTS))
      for (const success of Object.keys(SUCCESS))
        for (const error of Object.keys(ERROR)) {
          const run = async (helpers: Helpers) => {
            const log: string[] = [];
            const outcome = await outcomeOf(() => {
              const value = INPUTS[input]();
              return helpers.mapMaybePromise(
                value,
                logged(log, 'success', SUCCESS[success])!,
                logged(log, 'error', ERROR[error]),
              );
            });
            return { outcome, log };
          };
          expect(await run(compat), `input ${input}, success ${success}, error ${error}`).toEqual(
            await run(v1),
          );
        }
  });

  it("iterateAsync (ours, not 2.x's): the same results, order, early end and errors as 1.x", async () => {
    let keptEnd: (() => void) | undefined;
    const steps: Record<string, (item: number, endEarly: () => void, index: number) => unknown> = {
      'at once': (item) => item * 10,
      later: (item) => Promise.resolve(item * 10),
      'at once and later in turn': (item) => (item % 2 ? item : Promise.resolve(item)),
      'fake promises (answered at once)': (item) => compat.fakePromise(item * 10),
      "1.x's fake promises": (item) => v1.fakePromise(item * 10),
      'a hand-made thenable': (item) => thenable(item),
      'falsy answers (not kept)': (item) => [0, '', null, undefined][item - 1],
      'ends early': (item, endEarly) => {
        if (item === 2) endEarly();
        return item * 10;
      },
      'ends early while waiting': (item, endEarly) =>
        Promise.resolve().then(() => {
          if (item === 2) endEarly();
          return item;
        }),
      'an endEarly kept and called at a later item': (item, endEarly) => {
        if (item === 1) keptEnd = endEarly;
        if (item === 3) keptEnd?.();
        return item;
      },
      'throws at the third': (item) => {
        if (item === 3) throw new Failure('step threw');
        return item;
      },
      'rejects at the third': (item) =>
        item === 3 ? Promise.reject(new Failure('step rejected')) : Promise.resolve(item),
      'a fake rejection at the second': (item) =>
        item === 2 ? compat.fakeRejectPromise(new Failure('fake rejection')) : item,
    };
    const lists: Record<string, () => Iterable<number>> = {
      'an array': () => [1, 2, 3, 4],
      'a Set': () => new Set([1, 2, 3, 4]),
      'an empty array': () => [],
      // A hook list may grow while it runs (a plugin adding one): both read its length live.
      'an array that grows at its second item': () => [1, 2, 3, 4],
    };
    for (const [name, step] of Object.entries(steps))
      for (const [listName, list] of Object.entries(lists))
        for (const keep of [true, false]) {
          const run = async (helpers: Helpers) => {
            keptEnd = undefined;
            const results: unknown[] = [];
            const seen: string[] = [];
            const items = list();
            const outcome = await outcomeOf(() =>
              helpers.iterateAsync(
                items,
                (item, endEarly, index) => {
                  seen.push(`${item}@${index}`);
                  if (listName.includes('grows') && item === 2) (items as number[]).push(5);
                  return step(item, endEarly, index);
                },
                keep ? results : undefined,
              ),
            );
            return { outcome, results, seen };
          };
          expect(await run(compat), `${name}, ${listName}, results ${keep ? 'kept' : 'not asked'}`).toEqual(
            await run(v1),
          );
        }
    expect(compat.iterateAsyncVoid).toBe(compat.iterateAsync);
  });

  it('mapAsyncIterator: the same values, errors and end', async () => {
    async function* source(fail: boolean) {
      yield 1;
      yield await Promise.resolve(2);
      if (fail) throw new Failure('source failed');
    }
    for (const fail of [false, true]) {
      const run = async (helpers: Helpers) => {
        const seen: unknown[] = [];
        const mapped = helpers.mapAsyncIterator(
          source(fail),
          (v: number) => v * 2,
          (e: unknown) => `mapped ${String(e)}`,
          () => {
            seen.push('end');
          },
        );
        for (let step = 0; step < 4; step++) seen.push(await outcomeOf(() => mapped.next()));
        return seen;
      };
      expect(await run(compat), `source fails: ${fail}`).toEqual(await run(v1));
    }
  });

  it('fake promises of either version are recognised by the other (a chain may mix them)', () => {
    expect(compat.unfakePromise(v1.fakePromise(5))).toBe(5);
    expect(v1.unfakePromise(compat.fakePromise(6))).toBe(6);
    expect(() => compat.unfakePromise(v1.fakeRejectPromise(new Failure('rejected')))).toThrow('rejected');
    expect(() => v1.unfakePromise(compat.fakeRejectPromise(new Failure('rejected')))).toThrow('rejected');
  });
});
