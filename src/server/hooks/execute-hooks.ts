// paygraph's onExecute hooks run as one, as envelop would run them one by one: in order, each seeing
// the execute function the ones before it set, stopped by a result set early, then their
// onExecuteDone in order, then their onNext and onEnd for a stream. envelop runs each hook through the
// promise helpers with a payload of its own; one hook pays that once per operation.
import type { Plugin } from 'graphql-yoga';
import { isThenable, never, runInOrder } from './run-in-order';

type OnExecute = NonNullable<Plugin['onExecute']>;
type ExecutePayload = Parameters<OnExecute>[0];
type ExecuteReturn = Exclude<Awaited<ReturnType<OnExecute>>, void>;
type OnExecuteDone = NonNullable<ExecuteReturn['onExecuteDone']>;
type DonePayload = Parameters<OnExecuteDone>[0];
type DoneReturn = Exclude<Awaited<ReturnType<OnExecuteDone>>, void>;
type OnNext = NonNullable<DoneReturn['onNext']>;
type NextPayload = Parameters<OnNext>[0];
type OnEnd = NonNullable<DoneReturn['onEnd']>;

/** The onNext and onEnd of several onExecuteDone, as one: each onNext sees the result the ones before set. */
function streamHooks(returned: DoneReturn[]): DoneReturn | undefined {
  const nexts = returned.flatMap((r) => (r.onNext ? [r.onNext] : []));
  const ends = returned.flatMap((r) => (r.onEnd ? [r.onEnd] : []));
  if (!nexts.length && !ends.length) return undefined;
  const hooks: DoneReturn = {};
  if (nexts.length)
    hooks.onNext = (outer: NextPayload) => {
      const payload: NextPayload = {
        ...outer,
        setResult(result) {
          payload.result = result;
          outer.setResult(result);
        },
      };
      return runInOrder(nexts, payload, never);
    };
  if (ends.length) hooks.onEnd = () => ends.forEach((end: OnEnd) => end());
  return hooks;
}

/** The onExecuteDone hooks collected, as one. */
function afterExecute(done: OnExecuteDone[], outer: DonePayload) {
  const payload: DonePayload = {
    ...outer,
    setResult(result) {
      payload.result = result;
      outer.setResult(result);
    },
  };
  const returned: DoneReturn[] = [];
  const collect = (value: unknown) => {
    if (value) returned.push(value);
  };
  const ran = runInOrder(done, payload, never, collect);
  return isThenable(ran) ? ran.then(() => streamHooks(returned)) : streamHooks(returned);
}

/** One onExecute running `hooks` in order (envelop's semantics). */
export function composedOnExecute(hooks: OnExecute[]): OnExecute {
  return (outer) => {
    let stopped = false;
    const done: OnExecuteDone[] = [];
    const payload: ExecutePayload = {
      ...outer,
      setExecuteFn(fn) {
        payload.executeFn = fn;
        outer.setExecuteFn(fn);
      },
      setResultAndStopExecution(result) {
        outer.setResultAndStopExecution(result);
        stopped = true;
      },
    };
    const collect = (value: unknown) => {
      const after = (value as ExecuteReturn | undefined)?.onExecuteDone;
      if (after) done.push(after);
    };
    const result = { onExecuteDone: (p: DonePayload) => afterExecute(done, p) };
    const ran = runInOrder(hooks, payload, () => stopped, collect);
    if (isThenable(ran)) return ran.then(() => (done.length ? result : undefined));
    return done.length ? result : undefined;
  };
}
