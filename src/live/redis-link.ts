// One instance's part in one watch shared through Redis (see redis-coordinator for the keys). While
// Redis cannot be reached (the shared breaker, or a beat that fails) the instance is solo, searching for
// its own subscribers alone; when Redis answers again it leads or follows as before.
import { randomUUID } from 'node:crypto';
import { parseJson, stringifyJson } from '../rest/json';
import { CoordinationError, type WatchLink, type WatchPeer } from './coordinator';
import type { SharedRedis } from '../redis';
import type { BeatingRedis, LeaseAction, BeatAnswer } from './redis-beat';
import { mergeInterest, type Change, type Interest, type TickOptions, type WatchState } from './state';

/** Interest, state and sequence of a watch nobody touched for a day are dropped. */
export const IDLE_TTL_MS = 86_400_000;

export type Message =
  | { from: string; kind: 'change'; change: Change; state?: WatchState; resync?: boolean }
  | { from: string; kind: 'wake' };

/** What a link needs of its coordinator. */
export interface LinkHost {
  readonly instance: string;
  readonly shared: SharedRedis;
  readonly redis: BeatingRedis;
  forget(link: RedisLink): void;
}

export class RedisLink implements WatchLink {
  leading = false;
  solo = false;
  private token = '';
  private pending?: Promise<WatchState | undefined>;
  private readonly timer: NodeJS.Timeout;
  private beating = false;
  private sharing = false;
  private wanted = false;
  private left = false;
  /** The interest as last written. */
  private shared?: string;
  /** The state as last published (sent again only when it changed). */
  private published?: string;
  /** A publish failed: the next one tells followers to catch up. */
  private resync = false;
  /** The last sequence number seen on the channel (0: none yet). */
  private seq = 0;
  /** Whether this follower read the stored state (once: published changes carry it afterwards). */
  private adopted = false;

  constructor(
    private readonly c: LinkHost,
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

  /**
   * Every quarter fast tick, in one round trip: refreshes this instance's place among the peers, takes
   * or renews the lease, writes the interest when that changed.
   */
  private async heartbeat(): Promise<void> {
    if (this.left || this.beating) return;
    this.beating = true;
    try {
      const leading = this.leading;
      const token = leading ? this.token : `${this.c.instance}:${randomUUID()}`;
      const held = await this.beat(leading ? 'renew' : 'take', token);
      if (leading && !held) this.leading = false;
      if (!leading && held) this.lead(token);
      if (!this.leading && !this.adopted) await this.adoptStored();
      if (this.solo) {
        this.solo = false;
        // Back from watching alone as a follower: what the leader published meanwhile may be lost.
        if (!this.leading) this.peer.catchUp();
      }
    } catch {
      this.goSolo();
    } finally {
      this.beating = false;
    }
  }

  /**
   * Redis unreachable: no one can be sure to lead; this instance watches for its own subscribers, from
   * the last state it holds, until a beat succeeds.
   */
  private goSolo(): void {
    this.leading = false;
    if (this.solo) return;
    this.solo = true;
    this.peer.wake();
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

  /** A Redis call of the leader's tick: a failure ends the lead (the instance watches alone until Redis answers). */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await this.c.shared.run(call);
    } catch {
      this.goSolo();
      throw new CoordinationError('Redis unreachable');
    }
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
    // Noted when sent: one connection keeps the order, so what Redis holds is the last one sent.
    if (interest) this.shared = interest;
    const expiry = Date.now() + 3 * this.tick.fastMs;
    const keys = [this.key('peers'), this.key('lease'), this.key('interest')] as const;
    try {
      return await this.c.shared.run(() =>
        this.c.redis.paygraphLiveBeat(
          ...keys,
          this.c.instance,
          expiry,
          action,
          token,
          this.leaseMs,
          interest,
          IDLE_TTL_MS,
        ),
      );
    } catch (error) {
      // Written or not, no one knows: the next beat writes it again.
      if (interest) this.shared = undefined;
      throw error;
    }
  }

  /** A follower starts from the leader's stored state, so that searching alone (Redis gone) misses nothing before it. */
  private async adoptStored(): Promise<void> {
    const state = await this.load();
    this.adopted = true;
    if (state) this.peer.adopt(state);
  }

  /** The state the last leader stored; none when Redis lost it (then this instance's own goes on). */
  private async load(): Promise<WatchState | undefined> {
    const text = await this.c.shared.run(() => this.c.redis.get(this.key('state')));
    return text ? (parseJson(text) as WatchState) : undefined;
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
    if (this.solo) return Promise.resolve(this.peer.interest());
    return this.guard(async () => {
      const flat = await this.c.redis.paygraphLiveInterest(
        this.key('peers'),
        this.key('interest'),
        Date.now(),
      );
      const others: Interest[] = [];
      for (let i = 0; i < flat.length; i += 2)
        if (flat[i] !== this.c.instance) others.push(parseJson(flat[i + 1]) as Interest);
      return mergeInterest([this.peer.interest(), ...others]);
    });
  }

  inherited(): Promise<WatchState | undefined> {
    const pending = this.pending;
    this.pending = undefined;
    return pending && !this.solo ? this.guard(() => pending) : Promise.resolve(undefined);
  }

  /** A message that is not a numbered change (a wake): sent as is, numbered 0. */
  send(message: Message): Promise<number> {
    return this.c.shared.run(() => this.c.redis.publish(this.channel, `0 ${stringifyJson(message)}`));
  }

  /**
   * The tick's change, numbered by the watch's sequence, with the watch state when that changed: so a
   * follower always holds a recent state and sees a gap when it missed a message.
   */
  async publish(change: Change, state: WatchState): Promise<void> {
    if (this.solo) return;
    const text = stringifyJson(state);
    const message: Message = { from: this.c.instance, kind: 'change', change };
    if (text !== this.published) message.state = state;
    if (this.resync) message.resync = true;
    try {
      await this.guard(() =>
        this.c.redis.paygraphLivePublish(this.key('seq'), this.channel, stringifyJson(message), IDLE_TTL_MS),
      );
    } catch (error) {
      this.resync = true;
      this.published = undefined;
      throw error;
    }
    this.resync = false;
    this.published = text;
  }

  async save(state: WatchState): Promise<void> {
    if (this.solo) return;
    await this.guard(() =>
      this.c.redis.paygraphLiveSave(
        this.key('lease'),
        this.key('state'),
        this.token,
        stringifyJson(state),
        IDLE_TTL_MS,
      ),
    );
  }

  receive(text: string): void {
    const space = text.indexOf(' ');
    const seq = Number(text.slice(0, space));
    const message = parseJson(text.slice(space + 1)) as Message;
    if (message.kind === 'wake') {
      if (message.from !== this.c.instance && this.leading) this.peer.wake();
      return;
    }
    // A gap (or a sequence that started again: Redis lost it) means a change this instance never got.
    const missed = this.seq > 0 && seq !== this.seq + 1;
    this.seq = seq;
    if (message.from === this.c.instance) return;
    this.peer.deliver(message.change, message.state);
    if ((missed || message.resync) && !this.leading) this.peer.catchUp();
  }

  /** The pub/sub connection came back: what was published meanwhile is lost to this instance. */
  reconnected(): void {
    if (!this.leading && !this.left) this.peer.catchUp();
  }

  async leave(): Promise<void> {
    if (this.left) return;
    this.left = true;
    clearInterval(this.timer);
    this.c.forget(this);
    const leading = this.leading;
    this.leading = false;
    const me = this.c.instance;
    await this.c.shared.run(() =>
      this.c.redis.multi().hdel(this.key('interest'), me).zrem(this.key('peers'), me).exec(),
    );
    if (leading)
      await this.c.shared.run(() => this.c.redis.paygraphLiveRelease(this.key('lease'), this.token));
  }
}
