// A streamed REST body read by every field that asks for it (an export's `csv`, `rows` and `records`
// together): each reader gets every chunk, the body is pulled as fast as the quickest reader asks, and
// it is ended when all readers have left. Readers join when their fields resolve, before the first
// chunk arrives.
export class SharedBody {
  private readonly queues = new Set<Uint8Array[]>();
  private readonly source: AsyncIterator<Uint8Array>;
  private pulling?: Promise<void>;
  private started = false;
  private ended = false;
  private error?: Error;

  constructor(body: AsyncIterable<Uint8Array>) {
    this.source = body[Symbol.asyncIterator]();
  }

  subscribe(): AsyncIterable<Uint8Array> {
    if (this.started) throw new Error('the export was already being read; ask its fields in one selection');
    const queue: Uint8Array[] = [];
    this.queues.add(queue);
    return this.read(queue);
  }

  private async *read(queue: Uint8Array[]): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        const chunk = queue.shift();
        if (chunk) yield chunk;
        else if (this.error !== undefined) throw this.error;
        else if (this.ended) return;
        else await this.pull();
      }
    } finally {
      this.queues.delete(queue);
      if (this.queues.size === 0 && !this.ended) {
        this.ended = true;
        await this.source.return?.();
      }
    }
  }

  private pull(): Promise<void> {
    this.pulling ??= this.source
      .next()
      .then(
        (next) => {
          this.started = true;
          if (next.done) this.ended = true;
          else for (const queue of this.queues) queue.push(next.value);
        },
        (error: unknown) => {
          this.error = error instanceof Error ? error : new Error('the export failed');
        },
      )
      .finally(() => (this.pulling = undefined));
    return this.pulling;
  }
}
