// The in-flight bound: FIFO hand-over of slots and removal of aborted waiters.
import { describe, expect, it } from 'vitest';
import { AbortedWhileQueued, Limiter } from '../../src/rest/limiter';

describe('Limiter', () => {
  it('holds at most max slots and hands them over in FIFO order', async () => {
    const limiter = new Limiter(2);
    await limiter.acquire();
    await limiter.acquire();
    const order: number[] = [];
    const third = limiter.acquire().then(() => order.push(3));
    const fourth = limiter.acquire().then(() => order.push(4));
    expect(limiter.waiting).toBe(2);
    limiter.release();
    await third;
    expect(order).toEqual([3]);
    expect(limiter.inFlight).toBe(2);
    limiter.release();
    await fourth;
    expect(order).toEqual([3, 4]);
    limiter.release();
    limiter.release();
    expect(limiter.inFlight).toBe(0);
  });

  it('drops a waiter whose signal aborts, and refuses an already aborted one', async () => {
    const limiter = new Limiter(1);
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedWhileQueued);
    expect(limiter.waiting).toBe(0);
    await expect(limiter.acquire(controller.signal)).rejects.toBeInstanceOf(AbortedWhileQueued);
    limiter.release();
    expect(limiter.inFlight).toBe(0);
  });

  it('refuses a bound below one', () => {
    expect(() => new Limiter(0)).toThrow(/maxInFlight must be an integer >= 1/);
  });
});
