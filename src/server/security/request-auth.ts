// The authentication outcome of each HTTP request, recorded once by use-authentication and read
// by use-graph-context (the resolvers' caller) and the document checks. Kept by request object, so
// nothing a client sends can set it.
import type { InboundCaller } from '../../resolvers';
import { ANONYMOUS_CALLER, type AuthOutcome } from './auth';

const outcomes = new WeakMap<Request, AuthOutcome>();

export function recordOutcome(request: Request, outcome: AuthOutcome): void {
  outcomes.set(request, outcome);
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
