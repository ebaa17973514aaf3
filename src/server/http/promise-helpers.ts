// The promise helpers yoga, envelop and @whatwg-node/server call (1.x's API of @whatwg-node/promise-helpers)
// on 2.x's code, which the build bundles in place of every copy (scripts/build-substitutions.mjs): 1.x
// runs each hook step through three fake promises even when nothing waits.
// test/server/promise-helpers.test.ts holds it to 1.x.
import { handleMaybePromise, isPromise, type MaybePromise, type MaybePromiseLike } from 'promise-helpers-v2';

export * from 'promise-helpers-v2';

/**
 * 1.x's `mapMaybePromise`: `onSuccess` of the value, or `onError` of its rejection. 2.x dropped it, and
 * @envelop/core and @graphql-tools/utils re-export it by name.
 */
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
 * callback throws. 2.x's made four closures and a recursion per item of every hook list a request runs.
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
