// The per-caller admission an app made (its concurrency per caller and rate limit), for the transports
// that run operations outside yoga's HTTP hooks (the WebSocket server): they are admitted the same way.
import type { CallerConcurrency } from './caller-concurrency';
import type { RateLimit } from './rate-limit';

export interface AppAdmission {
  concurrency?: CallerConcurrency;
  rateLimit?: RateLimit;
}

const admissions = new WeakMap<object, AppAdmission>();

export function recordAdmission(app: object, a: AppAdmission): void {
  admissions.set(app, a);
}

export function admissionOf(app: object): AppAdmission {
  return admissions.get(app) ?? {};
}
