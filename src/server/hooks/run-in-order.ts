// Hooks of one kind called in order on one payload, as yoga and envelop call a list of them, but
// without their promise helpers: synchronous until a hook returns a promise.

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null | undefined)?.then === 'function';
}

/**
 * Calls `hooks` from `from` on, in order; synchronous until a hook returns a promise. Each gets a copy
 * of `state` as it is then, as yoga and envelop give each hook a payload of its own: a hook that reads
 * its payload later (`executeFn` inside the execute function it sets) reads what it was given, not
 * what it set. `state`'s setters update `state`. `collect` receives what each hook returns; after
 * each, `ended()` may stop the rest (as yoga's endResponse does).
 */
export function runInOrder<P extends object>(
  hooks: readonly ((payload: P) => unknown)[],
  state: P,
  ended: () => boolean,
  collect?: (returned: unknown) => void,
  from = 0,
): void | Promise<void> {
  for (let i = from; i < hooks.length; i++) {
    const returned = hooks[i]({ ...state });
    if (isThenable(returned)) {
      return Promise.resolve(returned).then((value) => {
        collect?.(value);
        if (!ended()) return runInOrder(hooks, state, ended, collect, i + 1);
      });
    }
    collect?.(returned);
    if (ended()) return;
  }
}

/** For hooks that nothing stops early. */
export const never = () => false;
