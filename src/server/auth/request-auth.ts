// The authentication outcome of each HTTP request, recorded once by use-authentication and read
// by use-graph-context (the resolvers' caller) and the document checks, with the client address it
// came from (client-address). Kept by request object, so nothing a client sends can set it.
import type { InboundCaller } from '../../resolvers';
import { ANONYMOUS_CALLER, type AuthOutcome } from './authenticator';
import { UNKNOWN_ADDRESS } from './client-address';
import { ObjectSlot } from '../../shared/object-slot';

const outcomes = new ObjectSlot<Request, AuthOutcome>('paygraph.auth');
const addresses = new ObjectSlot<Request, string>('paygraph.clientAddress');

export function recordOutcome(request: Request, outcome: AuthOutcome, address?: string): void {
  outcomes.set(request, outcome);
  if (address !== undefined) addresses.set(request, address);
}

export function outcomeOf(request: Request | undefined): AuthOutcome | undefined {
  return request ? outcomes.get(request) : undefined;
}

/** The resolvers' caller; undefined (unrestricted) only when no authentication ran (embedders, tests). */
export function callerOf(request: Request | undefined): InboundCaller | undefined {
  const outcome = outcomeOf(request);
  if (!outcome || outcome.kind === 'refused') return outcome ? ANONYMOUS_CALLER : undefined;
  return outcome.kind === 'anonymous' ? ANONYMOUS_CALLER : outcome.caller;
}

/**
 * Whom a request's limits count against (rate limit, operations at once, the REST queue): its
 * caller's identity, or, for a request without credentials, its client address, so anonymous
 * requests never share one bucket. Undefined when no authentication ran or it refused.
 */
export function requesterOf(request: Request | undefined): string | undefined {
  const outcome = outcomeOf(request);
  if (outcome?.kind === 'caller') return outcome.caller.name;
  if (outcome?.kind === 'anonymous') return `anonymous@${addresses.get(request!) ?? UNKNOWN_ADDRESS}`;
  return undefined;
}

/** The name a request's operation counts against: its requester, else its caller's, else `open`. */
export function requesterNameOf(request: Request | undefined): string {
  return requesterOf(request) ?? callerOf(request)?.name ?? 'open';
}

/** When the request's credentials expire (epoch ms), if they do. */
export function expiryOf(request: Request | undefined): number | undefined {
  const outcome = outcomeOf(request);
  return outcome?.kind === 'caller' ? outcome.expiresAt : undefined;
}

/** Requests standing for a WebSocket connection, which ends by itself at expiry (close 4401). */
const sockets = new WeakSet<Request>();

export function recordSocketRequest(request: Request): void {
  sockets.add(request);
}

export function isSocketRequest(request: Request | undefined): boolean {
  return request !== undefined && sockets.has(request);
}
