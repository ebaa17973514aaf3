// OperationSignal stands in for an AbortController's signal as the operation's deadline: every step
// paygraph's readers take on a signal gives what a native one gives, run side by side.
import { describe, expect, it } from 'vitest';
import { OperationSignal } from '../../src/server/context/operation-signal';

interface Abortable {
  signal: AbortSignal;
  abort: (reason?: unknown) => void;
}

const native = (): Abortable => {
  const controller = new AbortController();
  return { signal: controller.signal, abort: (reason) => controller.abort(reason) };
};
const ours = (): Abortable => {
  const signal = new OperationSignal();
  return { signal, abort: (reason) => signal.abort(reason) };
};

/** What a reader sees through one life of a signal: listeners added, one removed, two aborts. */
function story(make: () => Abortable, reason?: unknown): unknown[] {
  const seen: unknown[] = [];
  const { signal, abort } = make();
  const removed = () => seen.push('removed listener ran');
  seen.push(['before', signal.aborted, signal.reason]);
  signal.addEventListener('abort', (e) => seen.push(['once', e.type, signal.aborted]), { once: true });
  signal.addEventListener('abort', () =>
    seen.push(['always', signal.reason === reason || reason === undefined]),
  );
  signal.addEventListener('abort', removed);
  signal.removeEventListener('abort', removed);
  signal.onabort = () => seen.push('onabort');
  try {
    signal.throwIfAborted();
    seen.push('not thrown');
  } catch {
    seen.push('thrown early');
  }
  abort(reason);
  abort('again');
  seen.push(['after', signal.aborted]);
  try {
    signal.throwIfAborted();
  } catch (error) {
    seen.push(['thrown', error === signal.reason]);
  }
  const late: string[] = [];
  signal.addEventListener('abort', () => late.push('late listener ran'));
  seen.push(late);
  return seen;
}

describe('OperationSignal', () => {
  it('is seen as a native signal is: listeners once and always, removal, onabort, one abort', () => {
    const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(story(ours, reason)).toEqual(story(native, reason));
    expect(story(ours, reason)).toContainEqual(['once', 'abort', true]);
  });

  it('gives an AbortError as its reason when aborted without one, as AbortController does', () => {
    const a = native();
    const b = ours();
    a.abort();
    b.abort();
    expect(b.signal.reason).toBeInstanceOf(DOMException);
    expect((b.signal.reason as DOMException).name).toBe((a.signal.reason as DOMException).name);
    expect(story(ours)).toEqual(story(native));
  });

  it('keeps aborted and reason read-only, as a native signal does', () => {
    const signal = new OperationSignal();
    expect(() => Object.assign(signal, { aborted: true })).toThrow(TypeError);
    expect(signal.aborted).toBe(false);
  });

  it('takes many listeners without a leak warning: every REST call and wait of an operation listens', () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const signal = new OperationSignal();
      const calls = Array.from({ length: 50 }, () => () => {});
      for (const call of calls) signal.addEventListener('abort', call);
      let ran = 0;
      signal.addEventListener('abort', () => ran++);
      signal.abort('stop');
      expect(ran).toBe(1);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
