// Watches shared by several paygraph instances through Redis. Per watch (keys named by a hash of
// upstream id, space and model; no secret in them):
//   <w>:lease     the leader's token, SET NX PX for one and a half fast ticks, renewed every quarter tick
//   <w>:interest  hash instance -> that instance's interest (JSON); <w>:peers when each expires
//   <w>:state     the watch state the leader stores after each tick (only while it holds the lease)
//   channel <w>   the changes the leader found, and followers' requests for an early tick
// Every instance beats every quarter of a fast tick, in one round trip (redis-beat): refreshes its
// place among the peers, takes or renews the lease, and writes its interest when it changed. A
// leader killed is replaced within two fast ticks (the lease runs out, then the next beat of another
// instance takes it); a leader whose event loop stalls for more than a tick loses the lease, and for
// a while both may search (subscribers drop what they already have). The new leader starts from the
// stored state, so a change made while no one watched is found by its version.
import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { parseJson, stringifyJson } from '../rest/json';
import { withBeat, type BeatAnswer, type BeatingRedis, type LeaseAction } from './redis-beat';
import { CoordinationError, type WatchCoordinator, type WatchKey, type WatchLink, type WatchPeer } from './coordinator';
import { emptyState, mergeInterest, type Change, type Interest, type TickOptions, type WatchState } from './state';

const PREFIX = 'paygraph:live:';
/** Interest and state of a watch nobody touched for a day are dropped. */
const IDLE_TTL_MS = 86_400_000;

type Message = { from: string; kind: 'change'; change: Change } | { from: string; kind: 'wake' };

export interface RedisCoordinatorOptions {
  url: string;
}

class RedisLink implements WatchLink {
  leading = false;
  private token = '';
  private pending?: Promise<WatchState>;
  private readonly timer: NodeJS.Timeout;
  private beating = false;
  private sharing = false;
  private wanted = false;
  private left = false;
  /** Redis failed at the last beat (reported once). */
  private broken = false;
  /** The interest as last written. */
  private shared?: string;

  constructor(
    private readonly c: RedisCoordinator,
    readonly channel: string,
    private readonly peer: WatchPeer,
    private readonly tick: TickOptions,
  ) {
    this.timer = setInterval(() => void this.heartbeat(), Math.max(10, Math.floor(tick.fastMs / 4)));
    this.timer.unref?.();
    void this.heartbeat();
  }

  private get leaseMs(): number {
    return Math.ceil(this.tick.fastMs * 1.5);
  }

  private key(part: string): string {
    return `${this.channel}:${part}`;
  }

  private async heartbeat(): Promise<void> {
    if (this.left || this.beating) return;
    this.beating = true;
    try {
      const leading = this.leading;
      const token = leading ? this.token : `${this.c.instance}:${randomUUID()}`;
      const held = await this.beat(leading ? 'renew' : 'take', token);
      if (leading && !held) this.leading = false;
      if (!leading && held) this.lead(token);
      this.broken = false;
    } catch {
      // Redis unreachable: no one can be sure to lead; the lease runs out and the beat tries again.
      this.leading = false;
      this.report();
    } finally {
      this.beating = false;
    }
  }

  /** This instance took the lease: its first tick starts from the stored state, soon. */
  private lead(token: string): void {
    this.token = token;
    const loading = this.load();
    // Read by the next tick's inherited(); a failure surfaces there, not as an unhandled rejection.
    loading.catch(() => undefined);
    this.pending = loading;
    this.leading = true;
    this.peer.wake();
  }

  /** A Redis call of the leader's tick: a failure ends the lead and is reported once. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch {
      this.leading = false;
      this.report();
      throw new CoordinationError('Redis unreachable');
    }
  }

  /** Tells the local subscribers once per outage that changes may not reach them now. */
  private report(): void {
    if (this.broken) return;
    this.broken = true;
    const error = { message: 'live updates are not coordinated now (Redis unreachable); the watch goes on', code: 'UNAVAILABLE' };
    this.peer.deliver({ entities: [], collections: [], error, restCalls: 0, subscribers: 0 });
  }

  /**
   * One round trip: the peer entry, the lease, and the interest when it changed. An entry that was
   * dropped (this instance stalled and looked dead) but whose interest did not change takes a second
   * one, to write the interest again. Answers whether this instance holds the lease now.
   */
  private async beat(action: LeaseAction, token: string): Promise<boolean> {
    const interest = stringifyJson(this.peer.interest());
    const changed = interest !== this.shared;
    const [added, held] = await this.write(action, token, changed ? interest : '');
    // A failure here must not lose a lease just taken: the interest, forgotten, goes with the next beat.
    if (added === 1 && !changed) await this.write('', '', interest).catch(() => undefined);
    return held === 1;
  }

  /** Writes the interest now if it changed (a new subscriber, one answered) instead of at the next beat. */
  private async share(): Promise<void> {
    const interest = stringifyJson(this.peer.interest());
    if (interest !== this.shared) await this.write('', '', interest);
  }

  /** The beat script: the peer entry, the lease `action`, and the interest unless it is ''. */
  private async write(action: LeaseAction, token: string, interest: string): Promise<BeatAnswer> {
    // Noted when sent: one connection keeps the order, so what Redis holds is the last one sent. (After
    // a SCRIPT FLUSH ioredis sends the script again behind what was queued meanwhile: a wake may then
    // reach the leader before this interest, which the leader reads at its next tick.)
    if (interest) this.shared = interest;
    const expiry = Date.now() + 3 * this.tick.fastMs;
    const keys = [this.key('peers'), this.key('lease'), this.key('interest')] as const;
    try {
      return await this.c.redis.paygraphLiveBeat(...keys, this.c.instance, expiry, action, token, this.leaseMs, interest, IDLE_TTL_MS);
    } catch (error) {
      // Written or not, no one knows: the next beat writes it again.
      if (interest) this.shared = undefined;
      throw error;
    }
  }

  private async load(): Promise<WatchState> {
    const text = await this.c.redis.get(this.key('state'));
    return text ? (parseJson(text) as WatchState) : emptyState();
  }

  interestChanged(more: boolean): void {
    this.wanted ||= more;
    if (this.sharing || this.left) return;
    // Many subscribers arriving at once are shared in one write.
    this.sharing = true;
    setImmediate(() => {
      const wake = this.wanted && !this.leading;
      this.wanted = false;
      this.sharing = false;
      void this.share()
        .then(() => (wake ? this.send({ from: this.c.instance, kind: 'wake' }) : undefined))
        .catch(() => undefined);
    });
  }

  interest(): Promise<Interest> {
    return this.guard(async () => {
      const flat = await this.c.redis.paygraphLiveInterest(this.key('peers'), this.key('interest'), Date.now());
      const others: Interest[] = [];
      for (let i = 0; i < flat.length; i += 2) if (flat[i] !== this.c.instance) others.push(parseJson(flat[i + 1]) as Interest);
      return mergeInterest([this.peer.interest(), ...others]);
    });
  }

  inherited(): Promise<WatchState | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    return pending ? this.guard(() => pending) : Promise.resolve(undefined);
  }

  private async send(message: Message): Promise<void> {
    await this.c.redis.publish(this.channel, stringifyJson(message));
  }

  publish(change: Change): Promise<void> {
    return this.guard(() => this.send({ from: this.c.instance, kind: 'change', change }));
  }

  async save(state: WatchState): Promise<void> {
    await this.guard(() =>
      this.c.redis.paygraphLiveSave(this.key('lease'), this.key('state'), this.token, stringifyJson(state), IDLE_TTL_MS),
    );
  }

  receive(text: string): void {
    const message = parseJson(text) as Message;
    if (message.from === this.c.instance) return;
    if (message.kind === 'wake') {
      if (this.leading) this.peer.wake();
    } else this.peer.deliver(message.change);
  }

  async leave(): Promise<void> {
    if (this.left) return;
    this.left = true;
    clearInterval(this.timer);
    this.c.forget(this);
    const leading = this.leading;
    this.leading = false;
    const me = this.c.instance;
    await this.c.redis.multi().hdel(this.key('interest'), me).zrem(this.key('peers'), me).exec();
    if (leading) await this.c.redis.paygraphLiveRelease(this.key('lease'), this.token);
  }
}

export class RedisCoordinator implements WatchCoordinator {
  readonly instance = randomUUID();
  readonly redis: BeatingRedis;
  private readonly sub: Redis;
  private readonly links = new Map<string, RedisLink>();

  constructor(o: RedisCoordinatorOptions) {
    this.redis = withBeat(new Redis(o.url, { maxRetriesPerRequest: 2 }));
    this.sub = new Redis(o.url, { maxRetriesPerRequest: 2 });
    // Failures surface where commands are awaited; the connection retries on its own.
    for (const connection of [this.redis, this.sub]) connection.on('error', () => undefined);
    this.sub.on('message', (channel: string, text: string) => {
      try {
        this.links.get(channel)?.receive(text);
      } catch {
        // A message this version cannot read is dropped; the next tick publishes again.
      }
    });
  }

  join(key: WatchKey, peer: WatchPeer, tick: TickOptions): WatchLink {
    const id = createHash('sha256')
      .update(JSON.stringify([key.upstream, key.space, key.model]))
      .digest('hex')
      .slice(0, 32);
    const link = new RedisLink(this, `${PREFIX}${id}`, peer, tick);
    this.links.set(link.channel, link);
    void this.sub.subscribe(link.channel).catch(() => undefined);
    return link;
  }

  forget(link: RedisLink): void {
    if (this.links.get(link.channel) !== link) return;
    this.links.delete(link.channel);
    void this.sub.unsubscribe(link.channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.leave().catch(() => undefined)));
    // A server already gone cannot take QUIT: then the connection is just dropped.
    await Promise.all([this.sub, this.redis].map((c) => c.quit().catch(() => c.disconnect())));
  }
}

export function createRedisCoordinator(o: RedisCoordinatorOptions): RedisCoordinator {
  return new RedisCoordinator(o);
}
