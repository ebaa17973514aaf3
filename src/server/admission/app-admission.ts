// The per-caller gates an app made (its operations admission and rate limit), for the transports
// that run operations outside yoga's HTTP hooks (the WebSocket server): they pass the same gates.
import type { OperationAdmission } from './caller-concurrency';
import type { RateLimit } from './rate-limit';

export interface CallerGates {
  admission?: OperationAdmission;
  rateLimit?: RateLimit;
}

const gates = new WeakMap<object, CallerGates>();

export function recordGates(app: object, g: CallerGates): void {
  gates.set(app, g);
}

export function gatesOf(app: object): CallerGates {
  return gates.get(app) ?? {};
}
