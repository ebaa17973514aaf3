// A live watch's heartbeat in Redis as one script (and the leader's other scripts), so that a beat is one round trip whatever the
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

// The leader's other scripts. KEYS lease (, state); ARGV token (, state JSON, ms): only the lease's holder
// saves the state or releases the lease.
const SAVE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// KEYS sequence, channel; ARGV message, idle ms: numbers the watch's change (one sequence whichever
// instance leads) and publishes it as "<n> <message>", so a follower that misses one sees the gap.
const PUBLISH = `local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], n .. ' ' .. ARGV[1])
return n`;
// KEYS peers, interest; ARGV now: drops the interest of instances that stopped beating, then answers everyone else's.
const LIVE_INTEREST = `local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, p in ipairs(dead) do redis.call('ZREM', KEYS[1], p) redis.call('HDEL', KEYS[2], p) end
return redis.call('HGETALL', KEYS[2])`;

export type BeatingRedis = Redis & {
  paygraphLiveSave(
    lease: string,
    state: string,
    token: string,
    json: string,
    idleMs: number,
  ): Promise<number>;
  paygraphLiveRelease(lease: string, token: string): Promise<number>;
  paygraphLiveInterest(peers: string, interest: string, now: number): Promise<string[]>;
  paygraphLivePublish(sequence: string, channel: string, message: string, idleMs: number): Promise<number>;
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

/** The connection, with the live watches' scripts defined once (sent by SHA1 after the first call). */
export function withBeat(redis: Redis): BeatingRedis {
  redis.defineCommand('paygraphLiveBeat', { numberOfKeys: 3, lua: BEAT });
  redis.defineCommand('paygraphLiveSave', { numberOfKeys: 2, lua: SAVE });
  redis.defineCommand('paygraphLiveRelease', { numberOfKeys: 1, lua: RELEASE });
  redis.defineCommand('paygraphLiveInterest', { numberOfKeys: 2, lua: LIVE_INTEREST });
  redis.defineCommand('paygraphLivePublish', { numberOfKeys: 2, lua: PUBLISH });
  return redis as BeatingRedis;
}
