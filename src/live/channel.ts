// A push-to-pull bridge: the watcher pushes events, a GraphQL subscription pulls them as an async
// iterator. Ending the iterator (client gone) runs the cleanup once, so the watcher forgets it.

export class Channel<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private readonly waiting: ((r: IteratorResult<T>) => void)[] = [];
  private done = false;

  constructor(private readonly cleanup: () => void) {}

  push(value: T): void {
    if (this.done) return;
    const next = this.waiting.shift();
    if (next) next({ value, done: false });
    else this.queue.push(value);
  }

  /** Ends the stream after the events already pushed. */
  end(): void {
    if (this.done) return;
    this.done = true;
    this.cleanup();
    for (const next of this.waiting.splice(0)) next({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.queue.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.queue.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
