// The abort signal of one operation: an EventTarget with AbortSignal's members, aborted by the
// operation's deadline or by its request going away. Node 20 makes an AbortSignal by re-prototyping
// an EventTarget, which costs about 4 µs and leaves the signal slow to listen on (1 µs per listener
// added and removed); this class is made in 0.1 µs. Its readers are paygraph's own (the REST client,
// waiting lines, idempotency stores) and read only its public members; undici is handed a line of its
// own per call (src/rest/transport.ts). `AbortSignal.any` would not follow it (it joins signals through
// Node's internals): eslint.config.js refuses it in the project, and `instanceof AbortSignal` is false.
import { setMaxListeners } from 'node:events';

type AbortHandler = ((this: AbortSignal, event: Event) => unknown) | null;

export class OperationSignal extends EventTarget implements AbortSignal {
  private isAborted = false;
  private abortReason: unknown = undefined;
  private handler: AbortHandler = null;
  private handlerListener?: (event: Event) => void;

  constructor() {
    super();
    // Every REST call and wait of the operation listens to it: dozens at once are expected, not a leak.
    setMaxListeners(0, this);
  }

  get aborted(): boolean {
    return this.isAborted;
  }

  get reason(): unknown {
    return this.abortReason;
  }

  get onabort(): AbortHandler {
    return this.handler;
  }

  /** An event handler, as the DOM's: called in the place among the listeners where it was first set. */
  set onabort(handler: AbortHandler) {
    this.handler = handler;
    if (handler && !this.handlerListener) {
      this.handlerListener = (event) => this.handler?.call(this, event);
      this.addEventListener('abort', this.handlerListener);
    } else if (!handler && this.handlerListener) {
      this.removeEventListener('abort', this.handlerListener);
      this.handlerListener = undefined;
    }
  }

  throwIfAborted(): void {
    if (this.isAborted) throw this.abortReason;
  }

  /** Aborts once, as AbortController.abort does: `reason` set, then the `abort` event dispatched. */
  abort(reason?: unknown): void {
    if (this.isAborted) return;
    this.isAborted = true;
    this.abortReason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    this.dispatchEvent(new Event('abort'));
  }
}
