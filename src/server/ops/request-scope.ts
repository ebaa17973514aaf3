// The request id and per-request counters, carried through the asynchronous work of one HTTP request
// (AsyncLocalStorage), so the REST client's hooks can tag and count the calls a request makes
// without threading an id through every resolver.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface RequestScope {
  readonly id: string;
  restCalls: number;
  restFailures: number;
  /** Set when the response is sent: work that outlives the request (live watchers) stops carrying its id. */
  ended: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

// A caller's id is echoed into logs and upstream headers: only short, plain ones are kept.
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | null | undefined): string {
  return header && SANE_ID.test(header) ? header : randomUUID();
}

export function newScope(header: string | null | undefined): RequestScope {
  return { id: requestIdFrom(header), restCalls: 0, restFailures: 0, ended: false };
}

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentScope(): RequestScope | undefined {
  const scope = storage.getStore();
  return scope && !scope.ended ? scope : undefined;
}

/** Headers of each REST send made on behalf of the current request. */
export function upstreamRequestHeaders(): Record<string, string> | undefined {
  const scope = currentScope();
  return scope ? { [REQUEST_ID_HEADER]: scope.id } : undefined;
}
