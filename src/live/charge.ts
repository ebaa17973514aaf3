// What live updates cost a caller, in the tokens of the server's rate limit (one per REST call). A tick's
// REST calls are split between the watch's subscribers, so a thousand subscribers share one search instead
// of paying one each. Without a rate limit (open mode) live updates are free.
import type { LiveError } from './state';

export interface LiveCharger {
  /** Takes `tokens` (may be a fraction) from the caller's bucket, unless it is empty. */
  spend(caller: string, tokens: number): Promise<{ granted: boolean; retryAfterSeconds: number }>;
}

/** Tokens a new subscription costs: the first answer's fetch. */
export const SUBSCRIBE_COST = 1;

/**
 * Each caller's share of a tick: `restCalls` split evenly between `subscribers` (the watch's, of every
 * instance), summed per caller.
 */
export function sharesOf(
  callers: readonly string[],
  restCalls: number,
  subscribers: number,
): Map<string, number> {
  const shares = new Map<string, number>();
  if (restCalls === 0 || subscribers === 0) return shares;
  for (const caller of callers) shares.set(caller, (shares.get(caller) ?? 0) + restCalls / subscribers);
  return shares;
}

/** A subscriber as charging sees it: whose bucket pays, and where its RATE_LIMITED event goes. */
export interface Payer {
  caller: string;
  channel: { push(event: { expand: string[]; error: LiveError }): void; end(): void };
}

/**
 * Each caller pays its subscribers' share of a tick, from its own bucket; a caller out of tokens gets a
 * RATE_LIMITED error event and its streams end. It may subscribe again after `retryAfterSeconds`.
 */
export function chargeTick(
  charger: LiveCharger,
  everyone: readonly Payer[],
  restCalls: number,
  subscribers: number,
): void {
  for (const [caller, tokens] of sharesOf(
    everyone.map((w) => w.caller),
    restCalls,
    subscribers,
  )) {
    void charger
      .spend(caller, tokens)
      .then(({ granted, retryAfterSeconds }) => {
        if (granted) return;
        const error = {
          message: `rate limit reached: subscribe again in ${retryAfterSeconds} s`,
          code: 'RATE_LIMITED',
          retryAfterSeconds,
        };
        for (const w of everyone.filter((s) => s.caller === caller)) {
          w.channel.push({ expand: [], error });
          w.channel.end();
        }
      })
      .catch(() => undefined);
  }
}
