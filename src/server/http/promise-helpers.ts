// The promise helpers graphql-yoga, envelop and @whatwg-node/server call (the 1.x API of
// @whatwg-node/promise-helpers), served by its 2.x code. The production build bundles this module in place
// of every copy of the package (scripts/build.mjs, promiseHelpersPlugin). 1.x runs each step of a plugin
// hook chain through three fake promises, each an object literal with its own closures, even when nothing
// waits: 13-15% of the bytes a served page allocates. 2.x calls the step's callbacks directly when its input
// is not a thenable, and its fake promises share a class; its contract is 1.x's (its tests and ours:
// test/server/promise-helpers.test.ts runs both on the same inputs). graphql-yoga 5.24 still asks for
// ^1.3, and 2.x dropped `mapMaybePromise`, which @envelop/core and @graphql-tools/utils re-export by name:
// it is defined here as 1.x defines it. `iterateAsync`, which runs each hook list, is 2.x's loop without
// its three closures and recursion per step (12% of the bytes a checkout allocated through it).
import { handleMaybePromise, isPromise, type MaybePromise, type MaybePromiseLike } from 'promise-helpers-v2';

export * from 'promise-helpers-v2';

/** 1.x's `mapMaybePromise`: `onSuccess` of the value, or `onError` of its rejection. */
export function mapMaybePromise<TInput, TOutput>(
  input: MaybePromiseLike<TInput>,
  onSuccess: (value: TInput) => MaybePromiseLike<TOutput>,
  onError?: (error: unknown) => MaybePromiseLike<TOutput>,
): MaybePromiseLike<TOutput> {
  return handleMaybePromise(() => input, onSuccess, onError);
}

/**
 * Calls `callback` on each item in turn, waiting where it answers a promise; its truthy answers go to
 * `results`; `endEarly` stops after the current item. Answers at once when no callback waited, as 2.x's
 * does (a fake promise counts as an answer at once: `handleMaybePromise` unwraps it), and throws what a
 * callback throws.
 */
export function iterateAsync<TInput, TOutput>(
  iterable: Iterable<TInput>,
  callback: (
    input: TInput,
    endEarly: () => void,
    index: number,
  ) => MaybePromise<TOutput | undefined | null | void>,
  results?: TOutput[],
): MaybePromise<void> {
  if ((iterable as { length?: number } | undefined)?.length === 0) return undefined;
  // Hook lists are arrays: read by position, without an iterator result object per item.
  const list = Array.isArray(iterable) ? (iterable as readonly TInput[]) : undefined;
  const iterator = list ? undefined : iterable[Symbol.iterator]();
  let index = 0;
  const rest = (): MaybePromise<void> => {
    for (;;) {
      let item: TInput;
      if (list) {
        if (index >= list.length) return undefined;
        item = list[index]!;
      } else {
        const next = iterator!.next();
        if (next.done) return undefined;
        item = next.value;
      }
      // One flag per item, as 2.x's: an endEarly kept and called later ends nothing else.
      let endedEarly = false;
      const answer = callback(
        item,
        () => {
          endedEarly = true;
        },
        index++,
      );
      if (isPromise(answer))
        return handleMaybePromise(
          () => answer,
          (value): MaybePromise<void> => {
            if (value) results?.push(value);
            return endedEarly ? undefined : rest();
          },
        );
      if (answer) results?.push(answer);
      if (endedEarly) return undefined;
    }
  };
  return rest();
}

export { iterateAsync as iterateAsyncVoid };
