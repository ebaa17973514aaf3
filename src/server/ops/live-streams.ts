// Open subscription streams (SSE and WebSocket) that a shutdown can end: each stream is wrapped so
// that once `endAll` is called it completes after its current event, letting the transport close the
// response cleanly instead of the server cutting the connection.
import type { Plugin } from 'graphql-yoga';

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

export class LiveStreams {
  private ending = false;
  private endStreams!: () => void;
  private readonly ended = new Promise<{ done: true; value: undefined }>((resolve) => {
    this.endStreams = () => resolve({ done: true, value: undefined });
  });
  private openStreams = 0;

  get open(): number {
    return this.openStreams;
  }

  endAll(): void {
    this.ending = true;
    this.endStreams();
  }

  wrap<T>(source: AsyncIterable<T>): AsyncIterable<T> {
    return {
      [Symbol.asyncIterator]: () => {
        const it = source[Symbol.asyncIterator]();
        let finished = false;
        this.openStreams++;
        const finish = () => {
          if (finished) return;
          finished = true;
          this.openStreams--;
          // Not awaited: a source suspended on its next event would otherwise hold the shutdown.
          void it.return?.()?.catch(() => undefined);
        };
        return {
          next: async (): Promise<IteratorResult<T>> => {
            const next = this.ending ? await this.ended : await Promise.race([it.next(), this.ended]);
            if (next.done) finish();
            return next;
          },
          return: () => {
            finish();
            return Promise.resolve({ done: true, value: undefined });
          },
        };
      },
    };
  }

  plugin(): Plugin {
    return {
      onSubscribe: () => ({
        onSubscribeResult: ({ result, setResult }) => {
          if (isAsyncIterable(result)) setResult(this.wrap(result) as typeof result);
        },
      }),
    };
  }
}
