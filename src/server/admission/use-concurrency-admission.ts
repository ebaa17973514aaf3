// Admission by per-caller concurrency (caller-concurrency): right after authentication and the rate
// limit, before the request body is read, an authenticated caller's request waits for one of its
// slots; a full queue is refused with RATE_LIMITED (HTTP 429, `retryAfterSeconds`, after the refusal
// pause). The slot is given back when the response is made (also for a client that left: its aborted
// operation still ends in a response); a request that leaves while it waits leaves the queue.
import type { Plugin } from 'graphql-yoga';
import type { CallerConcurrency, Release } from './caller-concurrency';
import { requesterOf } from '../auth/request-auth';
import { refusalPause } from '../http/refusal-pause';
import { tooManyRequests } from './use-rate-limit-admission';
import { ObjectSlot } from '../../shared/object-slot';

/** A full queue empties at the pace of the caller's own operations: a second is a fair guess. */
const RETRY_AFTER_SECONDS = 1;

export function useConcurrencyAdmission(concurrency: CallerConcurrency | undefined): Plugin {
  if (!concurrency) return {};
  const slots = new ObjectSlot<Request, Release>('paygraph.concurrencySlot');
  const release = (request: Request) => {
    slots.get(request)?.();
    slots.delete(request);
  };
  return {
    onRequestParse({ request, endResponse }) {
      // A caller by its identity; requests without credentials by their client address.
      const name = requesterOf(request);
      if (name === undefined) return;
      const now = concurrency.admitNow(name);
      if (now) {
        slots.set(request, now);
        return;
      }
      // Only a request that waits listens for its client leaving (touching the signal of every
      // request would make one for each).
      const waiting = concurrency.admit(name, request.signal);
      if (!waiting) return refusalPause().then(() => endResponse(tooManyRequests(RETRY_AFTER_SECONDS)));
      return waiting.then((release) => void slots.set(request, release));
    },
    onResponse({ request }) {
      release(request);
    },
  };
}
