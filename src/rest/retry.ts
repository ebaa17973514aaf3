// When a failed call may be sent again, and how long to wait first.
// Only GET is ever repeated: it is safe to send twice. POST, PATCH and DELETE (payment actions among
// them) are sent at most once, whatever happened, including a connection dropped after sending.
import type { RestError } from './errors';
import { RestHttpError } from './errors';

export interface RetryOptions {
  /** Total sends of one call, the first included (1 disables retries). */
  maxAttempts: number;
  /** First backoff ceiling; doubles per attempt (full jitter picks in [0, ceiling]). */
  baseDelayMs: number;
  /** Largest backoff ceiling. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the 429/503 is reported instead. */
  maxRetryAfterMs: number;
  /** Time budget for the retries of a call: no retry starts past it, and a retry's timeouts end at it. */
  budgetMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 3,
  baseDelayMs: 100,
  maxDelayMs: 2_000,
  maxRetryAfterMs: 5_000,
  budgetMs: 15_000,
};

/** HTTP methods whose calls may be repeated. */
const REPEATABLE_METHODS = new Set(['GET']);
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function isRepeatable(method: string): boolean {
  return REPEATABLE_METHODS.has(method.toUpperCase());
}

/** Whether this failure, in itself, is worth another attempt (for a repeatable method). */
export function isRetryableFailure(err: RestError): boolean {
  if (err.code === 'REST_CONNECTION') return true;
  return err.code === 'REST_HTTP_STATUS' && err.status !== undefined && RETRYABLE_STATUSES.has(err.status);
}

/** Full-jitter exponential backoff: uniform in [0, min(max, base * 2^(attempt-1))]. */
export function backoffDelay(
  attempt: number,
  options: RetryOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP-date (RFC 9110 10.2.3).
 * Undefined when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - nowMs);
}

/**
 * Decides the wait before the next attempt, or undefined for "report this failure now".
 * `attempt` is the number of sends so far; `elapsedMs` the time spent on the call so far.
 */
export function nextDelay(
  method: string,
  err: RestError,
  attempt: number,
  elapsedMs: number,
  options: RetryOptions,
  random?: () => number,
): number | undefined {
  if (!isRepeatable(method) || !isRetryableFailure(err) || attempt >= options.maxAttempts) return undefined;
  const retryAfter = err instanceof RestHttpError ? err.retryAfterMs : undefined;
  if (retryAfter !== undefined && retryAfter > options.maxRetryAfterMs) return undefined;
  const delay = retryAfter ?? backoffDelay(attempt, options, random);
  if (elapsedMs + delay >= options.budgetMs) return undefined;
  return delay;
}
