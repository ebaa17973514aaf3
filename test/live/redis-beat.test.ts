// The heartbeat of a live watch shared through a real redis-server costs one round trip per beat,
// for the leader (renews the lease) and for a follower (tries to take it) alike. Redis's MONITOR
// tells what each coordinator's connection sent (its client address) from what a script ran inside
// Redis ("lua"); each beat ends with its lease action (SET NX with the instance's token, or the
// PEXPIRE of a renewal). Two coordinators join one watch directly (no watcher, so nothing but beats
// runs), then: the interest changes, the follower's peer entry is dropped as a dead peer's would be,
// and the leader is cut off from Redis (it then watches for its own subscribers alone).
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchLink, WatchPeer } from '../../src/live/coordinator';
import { createRedisCoordinator, type RedisCoordinator } from '../../src/live/redis-coordinator';
import { emptyState, type Change, type Interest, type WatchState } from '../../src/live/state';
import { hasRedisServer, startRedis, type RunningRedis } from '../support/redis-server';

interface Seen {
  args: string[];
  source: string;
}

/** Every command Redis ran, as MONITOR saw it; waits on what arrives, never on time. */
class Monitor {
  readonly seen: Seen[] = [];
  private waiters: (() => void)[] = [];

  constructor(monitor: Redis) {
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      this.seen.push({ args: [args[0].toLowerCase(), ...args.slice(1)], source });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /**
   * Up to the last beat seen of an instance (a beat ends with its lease action; Redis shows a script
   * before what it ran): the beats, the commands its connection sent (connection setup and the
   * test's own aside) and the refreshes of its peer entry.
   */
  tally(c: RedisCoordinator, address: string, isBeat: (s: Seen) => boolean) {
    const seen = this.seen.slice(0, this.seen.findLastIndex(isBeat) + 1);
    return {
      beats: seen.filter(isBeat).length,
      // Connection setup, the breaker's probe on connecting and the test's own aside are no beats.
      roundTrips: seen.filter(
        (s) => s.source === address && !['hello', 'info', 'client', 'ping'].includes(s.args[0]),
      ).length,
      refreshes: seen.filter((s) => s.args[0] === 'zadd' && s.args[3] === c.instance).length,
    };
  }

  /** What Redis ran (sent by a client or inside a script): `command` with an argument that `match`es. */
  ran(command: string, match: (arg: string) => boolean): Seen[] {
    return this.seen.filter((s) => s.args[0] === command && s.args.slice(1).some(match));
  }
}

/** A watcher stand-in: the interest it is told to share, what it was handed and woken for. */
class Peer implements WatchPeer {
  current: Interest = { entities: { '7': { expand: [], fresh: false } }, collections: {}, subscribers: 1 };
  readonly delivered: Change[] = [];
  wakes = 0;
  catchUps = 0;
  adoptions = 0;
  private waiters: (() => void)[] = [];

  interest(): Interest {
    return this.current;
  }
  deliver(change: Change): void {
    this.delivered.push(change);
    this.notify();
  }
  wake(): void {
    this.wakes++;
    this.notify();
  }
  catchUp(): void {
    this.catchUps++;
    this.notify();
  }
  adopt(): void {
    this.adoptions++;
  }
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

// Ticks long enough that a loaded machine does not stall a beat past the lease (1.5 ticks).
const TICK = { fastMs: 500, slowMs: 1000 };
const KEY = { upstream: 'beat-test', space: 1, model: 'Transaction' };

let redis: RunningRedis;
let admin: Redis;
let monitoring: Redis;
let monitor: Monitor;
const coordinators: RedisCoordinator[] = [];

async function addressOf(c: RedisCoordinator): Promise<string> {
  const info = await c.redis.client('INFO');
  return /\baddr=(\S+)/.exec(info)![1];
}

describe.skipIf(!hasRedisServer)('live watch heartbeat over Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
    // monitor() opens a connection of its own: the client it is called on is admin's, not a third one
    // left behind to reconnect to a stopped server.
    monitoring = await admin.monitor();
    monitor = new Monitor(monitoring);
  });
  afterAll(async () => {
    for (const c of coordinators) await c.close();
    admin?.disconnect();
    monitoring?.disconnect();
    await redis?.stop();
  });

  it('beats in one round trip as leader and as follower; takes the lead from a leader cut off', async () => {
    const a = createRedisCoordinator({ url: redis.url });
    const b = createRedisCoordinator({ url: redis.url });
    coordinators.push(a, b);
    const peerA = new Peer();
    const peerB = new Peer();
    const linkA: WatchLink = a.join(KEY, peerA, TICK);
    await peerA.until(() => peerA.wakes === 1);
    expect(linkA.leading).toBe(true);
    const linkB = b.join(KEY, peerB, TICK);
    const [addressA, addressB] = await Promise.all([addressOf(a), addressOf(b)]);
    // A beat ends with its lease action: the follower tries to take the lease with a token of its
    // own, the leader renews it (it took it once).
    const takes = (c: RedisCoordinator) => (s: Seen) =>
      s.args[0] === 'set' && s.args[2].startsWith(`${c.instance}:`);
    const renews = (s: Seen) => s.args[0] === 'pexpire' && s.args[1].endsWith(':lease');
    const leaderBeat = (s: Seen) => takes(a)(s) || renews(s);
    const follower = () => monitor.tally(b, addressB, takes(b));
    const leader = () => monitor.tally(a, addressA, leaderBeat);
    const hsets = (c: RedisCoordinator) => monitor.ran('hset', (arg) => arg === c.instance);
    await monitor.until(() => follower().beats >= 8 && leader().beats >= 8);

    // One command per beat each (and the leader's read of the stored state when it took the lease),
    // and each beat refreshed the peer entry.
    expect(leader().roundTrips).toBe(leader().beats + 1);
    expect(leader().refreshes).toBe(leader().beats);
    // The follower reads the stored state once too (where it would start should Redis go).
    expect(follower().roundTrips).toBe(follower().beats + 1);
    expect(follower().refreshes).toBe(follower().beats);
    expect(monitor.ran('set', (arg) => arg.startsWith(`${a.instance}:`))).toHaveLength(1);
    expect(linkA.leading).toBe(true);
    expect(peerA.wakes).toBe(1);
    expect(linkB.leading).toBe(false);
    expect(peerB.wakes).toBe(0);
    // The interest went with each one's first beat, and never again since it did not change.
    expect(hsets(a)).toHaveLength(1);
    expect(hsets(b)).toHaveLength(1);
    const interestKey = hsets(b)[0].args[1];
    const storedB = async () => JSON.parse((await admin.hget(interestKey, b.instance))!) as Interest;
    expect(await storedB()).toEqual(peerB.current);

    // A changed interest rides on the next beat: still one round trip.
    peerB.current = { ...peerB.current, subscribers: 2 };
    await monitor.until(() => hsets(b).length === 2);
    const beatsBefore = follower().beats;
    await monitor.until(() => follower().beats >= beatsBefore + 4);
    expect(await storedB()).toEqual(peerB.current);
    expect(follower().roundTrips).toBe(follower().beats + 1);

    // Dropped as a dead peer (what the leader's interest read does to an entry that ran out): the
    // follower's next beat finds its entry new and writes its unchanged interest again, once.
    const peersKey = monitor.ran('zadd', (arg) => arg === b.instance)[0].args[1];
    await admin.multi().zrem(peersKey, b.instance).hdel(interestKey, b.instance).exec();
    await monitor.until(() => hsets(b).length === 3);
    const beatsAtDrop = follower().beats;
    await monitor.until(() => follower().beats >= beatsAtDrop + 4);
    expect(await storedB()).toEqual(peerB.current);
    expect(follower().roundTrips).toBe(follower().beats + 2);
    expect(hsets(b)).toHaveLength(3);

    // The leader stores a state, then loses Redis: it stops leading and watches alone for its own
    // subscribers (woken for it); the follower takes the lease once it runs out, is woken, and starts
    // from the stored state. Nothing is reported to subscribers: nothing is lost to them.
    const state: WatchState = { ...emptyState(), signatures: { '7': 'v3' } };
    await linkA.save(state);
    a.redis.disconnect();
    await peerB.until(() => peerB.wakes === 1);
    expect(linkB.leading).toBe(true);
    expect(await linkB.inherited()).toEqual(state);
    expect(linkA.leading).toBe(false);
    await peerA.until(() => peerA.wakes === 2);
    expect(linkA.solo).toBe(true);
    expect(peerA.delivered).toHaveLength(0);
    expect(peerB.delivered).toHaveLength(0);
  });
});
