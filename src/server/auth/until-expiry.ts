// A live stream (a subscription over SSE or WebSocket) of a caller whose credentials expire ends
// when they do: its last event is an UNAUTHENTICATED error, then it completes, and the subscription
// below is ended (its watch stops asking REST for it).
import { GraphQLError, type ExecutionResult } from 'graphql';
import { runAt } from '../../shared/run-at';

export function tokenExpired(): GraphQLError {
  return new GraphQLError(
    'the token this stream was opened with has expired: subscribe again with a new one',
    {
      extensions: { code: 'UNAUTHENTICATED' },
    },
  );
}

const EXPIRED = Symbol('expired');

/** `source`'s events until `expiresAt` (epoch ms), then the expiry error; the source is ended either way. */
export async function* untilExpiry(
  source: AsyncIterable<ExecutionResult>,
  expiresAt: number,
): AsyncGenerator<ExecutionResult> {
  const events = source[Symbol.asyncIterator]();
  let cancel = (): void => undefined;
  const expiry = new Promise<typeof EXPIRED>(
    (resolve) => (cancel = runAt(expiresAt, () => resolve(EXPIRED))),
  );
  try {
    for (;;) {
      const next = await Promise.race([events.next(), expiry]);
      if (next === EXPIRED) {
        yield { errors: [tokenExpired()] };
        return;
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    cancel();
    // Not awaited: a source waiting for its next event may answer `return` only after it.
    void events.return?.()?.catch(() => undefined);
  }
}
