// The retry decision alone: which failures of which methods are repeated, and how long to wait.
import { describe, expect, it } from 'vitest';
import { RestConnectionError, RestHttpError, RestTimeoutError, type RestError } from '../../src/rest/errors';
import { backoffDelay, nextDelay, parseRetryAfter, type RetryOptions } from '../../src/rest/retry';

const info = { operationId: 'getSpace', method: 'GET', path: '/api/v2.0/spaces/1' };
const options: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxRetryAfterMs: 3_000,
  budgetMs: 10_000,
};
const http = (status: number, retryAfterMs?: number) =>
  new RestHttpError(info, status, { errors: {} }, retryAfterMs);
const dropped = new RestConnectionError(info, 'UND_ERR_SOCKET', true);
const half = () => 0.5;

describe('nextDelay', () => {
  it('retries GET on connection errors and 429/502/503/504 only', () => {
    for (const err of [dropped, http(429), http(502), http(503), http(504)]) {
      expect(nextDelay('GET', err, 1, 0, options, half)).toBe(50);
    }
    const notRetried: RestError[] = [
      http(400),
      http(401),
      http(404),
      http(409),
      http(500),
      new RestTimeoutError(info, 'headers', 10),
    ];
    for (const err of notRetried) expect(nextDelay('GET', err, 1, 0, options, half)).toBeUndefined();
  });

  it('never retries POST, PATCH or DELETE, whatever the failure', () => {
    for (const method of ['POST', 'PATCH', 'DELETE', 'post']) {
      for (const err of [
        dropped,
        http(503),
        http(429, 0),
        new RestConnectionError(info, 'ECONNREFUSED', false),
      ]) {
        expect(nextDelay(method, err, 1, 0, options, half)).toBeUndefined();
      }
    }
  });

  it('stops at the attempt limit and at the time budget', () => {
    expect(nextDelay('GET', http(503), 3, 0, options, half)).toBe(200);
    expect(nextDelay('GET', http(503), 4, 0, options, half)).toBeUndefined();
    expect(nextDelay('GET', http(503), 1, 9_960, options, half)).toBeUndefined();
  });

  it('waits the Retry-After when it is within the cap, and reports the failure when it is not', () => {
    expect(nextDelay('GET', http(429, 2_000), 1, 0, options, half)).toBe(2_000);
    expect(nextDelay('GET', http(503, 0), 1, 0, options, half)).toBe(0);
    expect(nextDelay('GET', http(429, 3_001), 1, 0, options, half)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('draws in [0, min(max, base * 2^(n-1))] (full jitter)', () => {
    expect(backoffDelay(1, options, () => 0)).toBe(0);
    expect(backoffDelay(1, options, () => 0.999)).toBe(99);
    expect(backoffDelay(3, options, () => 0.999)).toBe(399);
    expect(backoffDelay(10, options, () => 0.999)).toBe(999);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it('reads delta-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(['7'], now)).toBe(7_000);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});
