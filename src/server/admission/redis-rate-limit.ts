// The per-caller token bucket in Redis, shared by every paygraph instance using the same server
// (REDIS_URL): one hash per caller (tokens, last refill), refilled and spent atomically by one Lua
// script on Redis's own clock, so instances with different clocks agree. Idle buckets expire once
// they would be full again. If Redis cannot be reached (the process's shared breaker, src/redis), this
// instance's own bucket answers instead, at once: abuse stays limited per instance and nothing waits on a dead server.
import type { Redis } from 'ioredis';
import { createSharedRedis, type SharedRedis } from '../../redis';
import { RateLimiter, type RateLimit, type RateLimitConfig, type Spent } from './rate-limit';

// KEYS[1] the bucket; ARGV burst, tokens per second, tokens to spend (0: look only), charge (1: take
// them anyway, into debt down to minus the burst). Answers { granted (0/1), tokens left as text } (Lua numbers would be cut to
// integers).
const SPEND = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local charge = ARGV[4] == '1'
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
if now > at then tokens = math.min(burst, tokens + (now - at) * rate / 1000) end
local granted = 0
if tokens >= math.max(1, want) then
  tokens = tokens - want
  granted = 1
elseif charge then
  tokens = math.max(-burst, tokens - want)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(now, at)))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1000)
return { granted, tostring(tokens) }
`;

export interface RedisRateLimitOptions extends RateLimitConfig {
  /** The process's shared connection; or `url`, for a connection of this limit's own (closed with it). */
  redis?: SharedRedis;
  url?: string;
  /** Prefix of every key (default `paygraph:rate:`). */
  prefix?: string;
}

type WithSpend = Redis & {
  paygraphSpend(
    key: string,
    burst: number,
    rate: number,
    want: number,
    charge: number,
  ): Promise<[number, string]>;
};

export function createRedisRateLimit(o: RedisRateLimitOptions): RateLimit {
  const shared = o.redis ?? createSharedRedis({ url: o.url! });
  const redis = shared.client as WithSpend;
  redis.defineCommand('paygraphSpend', { numberOfKeys: 1, lua: SPEND });
  const local = new RateLimiter(o);
  const prefix = o.prefix ?? 'paygraph:rate:';
  const retryAfter = (tokens: number) => (tokens >= 1 ? 0 : Math.ceil((1 - tokens) / o.perSecond));
  return {
    async spend(caller: string, tokens: number, charge = false): Promise<Spent> {
      let answer: [number, string];
      try {
        // A short timeout: a request never waits long for a Redis that stopped answering.
        answer = await shared.run(
          () => redis.paygraphSpend(`${prefix}${caller}`, o.burst, o.perSecond, tokens, charge ? 1 : 0),
          500,
        );
      } catch {
        return local.spend(caller, tokens, charge);
      }
      const left = Number(answer[1]);
      return { granted: answer[0] === 1, remaining: Math.floor(left), retryAfterSeconds: retryAfter(left) };
    },
    close: () => (o.redis ? Promise.resolve() : shared.close()),
  };
}
