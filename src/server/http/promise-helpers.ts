// The promise helpers graphql-yoga, envelop and @whatwg-node/server call (the 1.x API of
// @whatwg-node/promise-helpers), served by its 2.x code. The production build bundles this module in place
// of every copy of the package (scripts/build.mjs, promiseHelpersPlugin). 1.x runs each step of a plugin
// hook chain through three fake promises, each an object literal with its own closures, even when nothing
// waits: 13-15% of the bytes a served page allocates. 2.x calls the step's callbacks directly when its input
// is not a thenable, and its fake promises share a class; its contract is 1.x's (its tests and ours:
// test/server/promise-helpers.test.ts runs both on the same inputs). graphql-yoga 5.24 still asks for
// ^1.3, and 2.x dropped `mapMaybePromise`, which @envelop/core and @graphql-tools/utils re-export by name:
// it is defined here as 1.x defines it.
import { handleMaybePromise, type MaybePromiseLike } from 'promise-helpers-v2';

export * from 'promise-helpers-v2';

/** 1.x's `mapMaybePromise`: `onSuccess` of the value, or `onError` of its rejection. */
export function mapMaybePromise<TInput, TOutput>(
  input: MaybePromiseLike<TInput>,
  onSuccess: (value: TInput) => MaybePromiseLike<TOutput>,
  onError?: (error: unknown) => MaybePromiseLike<TOutput>,
): MaybePromiseLike<TOutput> {
  return handleMaybePromise(() => input, onSuccess, onError);
}
