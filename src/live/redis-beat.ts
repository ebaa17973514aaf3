// A live watch's heartbeat in Redis as one script, so that a beat is one round trip whatever the
// instance does: it refreshes its entry among the watch's peers, renews the lease it holds or tries to
// take it, and writes its interest when that changed. Defined once per connection (ioredis sends the
// script the first time, then only its SHA1).
import type { Redis } from 'ioredis';

// KEYS peers, lease, interest; ARGV instance, its peer expiry, lease action ('renew' with the token
// held, 'take' with a fresh one, '' none), token, lease ms, interest JSON ('' unchanged), idle ms
// (the interest and peers expire when no one wrote them for that long).
// Answers { peer entry was new (0/1), this instance holds the lease now (0/1) }.
const BEAT = `local added = redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if ARGV[6] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[1], ARGV[6])
  redis.call('PEXPIRE', KEYS[3], ARGV[7])
  redis.call('PEXPIRE', KEYS[1], ARGV[7])
end
local held = 0
if ARGV[3] == 'renew' then
  if redis.call('GET', KEYS[2]) == ARGV[4] then held = redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
elseif ARGV[3] == 'take' then
  if redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[5], 'NX') then held = 1 end
end
return { added, held }`;

/** What a beat does with the lease: renew the one held, try to take it, or leave it alone. */
export type LeaseAction = 'renew' | 'take' | '';
export type BeatAnswer = [added: number, held: number];

export type BeatingRedis = Redis & {
  paygraphLiveBeat(
    peers: string,
    lease: string,
    interest: string,
    instance: string,
    expiry: number,
    action: LeaseAction,
    token: string,
    leaseMs: number,
    json: string,
    idleMs: number,
  ): Promise<BeatAnswer>;
};

/** The connection, able to beat. */
export function withBeat(redis: Redis): BeatingRedis {
  redis.defineCommand('paygraphLiveBeat', { numberOfKeys: 3, lua: BEAT });
  return redis as BeatingRedis;
}
