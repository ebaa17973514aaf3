// The request id and per-request counters of one HTTP request: its REST calls carry the scope with
// them (a CallScope in their options, added by scopedRest), so the id goes upstream on each send and
// the calls are counted for the request's log line, without threading it through every resolver and
// without AsyncLocalStorage (whose promise hooks cost every promise of every request).
import { randomUUID } from 'node:crypto';
import { sendOn, untypedOptions } from '../../rest/call-layer';
import type { CallEvent, CallScope, RestCaller } from '../../rest/types';
import { ObjectSlot } from '../../shared/object-slot';

export const REQUEST_ID_HEADER = 'x-request-id';

export class RequestScope implements CallScope {
  restCalls = 0;
  restFailures = 0;
  /** Set when the response is sent: work that outlives the request (live watchers) stops carrying its id. */
  ended = false;
  private readonly idHeaders: Readonly<Record<string, string>>;

  constructor(readonly id: string) {
    this.idHeaders = { [REQUEST_ID_HEADER]: id };
  }

  get headers(): Readonly<Record<string, string>> | undefined {
    return this.ended ? undefined : this.idHeaders;
  }

  onCall(event: CallEvent): void {
    if (this.ended) return;
    this.restCalls++;
    if (!event.ok) this.restFailures++;
  }
}

// A caller's id is echoed into logs and upstream headers: only short, plain ones are kept.
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | null | undefined): string {
  return header && SANE_ID.test(header) ? header : randomUUID();
}

const scopes = new ObjectSlot<Request, RequestScope>('paygraph.scope');

/** Opens the scope of `request` (its id from the caller's header when sane). */
export function openScope(request: Request): RequestScope {
  const scope = new RequestScope(requestIdFrom(request.headers.get(REQUEST_ID_HEADER)));
  scopes.set(request, scope);
  return scope;
}

export function scopeOf(request: Request | undefined): RequestScope | undefined {
  return request && scopes.get(request);
}

/** `rest` with every call made in `scope` (unchanged without one). */
export function scopedRest(rest: RestCaller, scope: RequestScope | undefined): RestCaller {
  if (!scope) return rest;
  return {
    call: (operationId, options) => sendOn(rest, operationId, { ...untypedOptions(options), scope }),
  };
}
