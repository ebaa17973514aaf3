// One watcher per (upstream, space, model) in each instance: its local subscribers, and the tick. The
// instance leading the watch (always, in one process; by lease with Redis) searches the REST API once
// per tick for every instance's interest and publishes what changed; each instance hands it to its own.
import { finalStates, resourceOf } from '../catalog';
import { RestError, RestHttpError } from '../rest/errors';
import { Channel } from './channel';
import { chargeTick, type LiveCharger } from './charge';
import {
  CoordinationError,
  type WatchCoordinator,
  type WatchKey,
  type WatchLink,
  type WatchPeer,
} from './coordinator';
import { keyOf, type Row, type Upstream } from './detect';
import { detect } from './detector';
import {
  emptyState,
  isNewer,
  signatureOf,
  union,
  type Change,
  type Interest,
  type LiveError,
  type TickOptions,
  type WatchState,
} from './state';

export interface LiveEvent {
  object?: Row;
  /** The expand set the object was fetched with (prefixes included). */
  expand: string[];
  error?: LiveError;
}

export type { TickOptions } from './state';

export interface WatcherOptions {
  tick: TickOptions;
  key: WatchKey;
  coordinator: WatchCoordinator;
  charger?: LiveCharger;
  onIdle: () => void;
}

interface Subscriber {
  /** The inbound caller's name: whose rate limit pays. */
  caller: string;
  expand: string[];
  channel: Channel<LiveEvent>;
}

interface EntityWatch extends Subscriber {
  key: string;
  untilFinal: boolean;
  /** Signature of the last object handed out; undefined until the first. */
  last?: string;
}

interface CollectionWatch extends Subscriber {
  seen: Map<string, string>;
}

/** Objects a collection subscriber remembers, to drop a change published twice. */
const SEEN_LIMIT = 10_000;

const changed = (change: Change) => change.entities.length > 0 || change.collections.length > 0;

export class Watcher implements WatchPeer {
  private readonly entities = new Map<string, Set<EntityWatch>>();
  private readonly collections = new Map<string, Set<CollectionWatch>>();
  private readonly link: WatchLink;
  private state: WatchState = emptyState();
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  /** A follower's one tick for its own subscribers is due. */
  private catchingUp = false;
  private interval: number;

  constructor(
    private readonly upstream: Upstream,
    readonly model: string,
    private readonly o: WatcherOptions,
  ) {
    this.interval = o.tick.fastMs;
    this.link = o.coordinator.join(o.key, this, o.tick);
  }

  get subscribers(): number {
    let n = 0;
    for (const set of [...this.entities.values(), ...this.collections.values()]) n += set.size;
    return n;
  }

  /** Whether this instance makes the searches of this watch now, for every instance. */
  get leading(): boolean {
    return this.link.leading;
  }

  /** Whether this instance searches for its own subscribers alone now (Redis unreachable). */
  get solo(): boolean {
    return this.link.solo;
  }

  /** Ticks this instance makes itself: as leader, alone, or to catch up. */
  private get searching(): boolean {
    return this.link.leading || this.link.solo || this.catchingUp;
  }

  watchEntity(key: string, expand: string[], untilFinal: boolean, caller: string): Channel<LiveEvent> {
    // The channel's cancel runs only later, once `watch` exists.
    const channel = new Channel<LiveEvent>(() => this.forget(this.entities, key, watch));
    const watch: EntityWatch = { key, expand, untilFinal, caller, channel };
    this.entities.set(key, (this.entities.get(key) ?? new Set()).add(watch));
    this.joined();
    return watch.channel;
  }

  watchCollection(filter: string, expand: string[], caller: string): Channel<LiveEvent> {
    const channel = new Channel<LiveEvent>(() => this.forget(this.collections, filter, watch));
    const watch: CollectionWatch = { expand, caller, seen: new Map(), channel };
    this.collections.set(filter, (this.collections.get(filter) ?? new Set()).add(watch));
    this.joined();
    return watch.channel;
  }

  interest(): Interest {
    const interest: Interest = { entities: {}, collections: {}, subscribers: this.subscribers };
    for (const [key, set] of this.entities) {
      const watches = [...set];
      interest.entities[key] = {
        expand: union(watches.map((w) => w.expand)),
        fresh: watches.some((w) => w.last === undefined),
      };
    }
    for (const [filter, set] of this.collections)
      interest.collections[filter] = { expand: union([...set].map((w) => w.expand)) };
    return interest;
  }

  private joined(): void {
    this.link.interestChanged(true);
    this.wake();
  }

  private forget<W>(map: Map<string, Set<W>>, id: string, watch: W): void {
    const set = map.get(id);
    set?.delete(watch);
    if (set?.size === 0) map.delete(id);
    this.link.interestChanged(false);
    if (this.subscribers > 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.link.leave().catch(() => undefined);
    this.o.onIdle();
  }

  /** Runs a tick now, and any asked for meanwhile (tests and tools; the timer keeps its own pace). */
  async tickNow(): Promise<void> {
    do {
      while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
      // This loop runs the tick asked for; the timer would otherwise run it too, and ask again.
      clearTimeout(this.timer);
      await this.run();
    } while (this.again);
  }

  /** Look once for this instance's subscribers: a change published for them may have been missed. */
  catchUp(): void {
    if (this.link.leading || this.subscribers === 0) return;
    this.catchingUp = true;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Tick now (after the running tick, if one runs). */
  wake(): void {
    this.interval = this.o.tick.fastMs;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    if (this.subscribers === 0 || !this.searching) return;
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref?.();
  }

  /** The tick is fast while things change and slows down while nothing does. */
  private async run(): Promise<void> {
    // One tick at a time: a tick asked for while one runs follows it at once.
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    try {
      // A follower waits: its coordinator wakes it when it takes the lead, loses Redis or must catch up.
      if (!this.searching) return;
      const changed = this.link.leading ? await this.lead() : await this.alone();
      this.interval = changed ? this.o.tick.fastMs : Math.min(this.interval * 2, this.o.tick.slowMs);
    } catch (error) {
      this.fail(error);
    } finally {
      this.running = false;
      this.schedule(this.again ? 0 : this.interval);
    }
  }

  /** The leader's tick: search, hand out locally, publish, then store the state for the next leader. */
  private async lead(): Promise<boolean> {
    const inherited = await this.link.inherited();
    if (inherited) this.state = inherited;
    const change = await detect(this.upstream, this.model, await this.link.interest(), this.state);
    // Here first: a publish that fails (Redis gone) must not keep the change from this instance's subscribers.
    this.deliver(change);
    await this.link.publish(change, this.state);
    await this.link.save(this.state);
    return changed(change);
  }

  /**
   * A tick for this instance's own subscribers only (solo, or catching up), from the last state it holds
   * (its own, or the leader's as published): nothing is published or stored.
   */
  private async alone(): Promise<boolean> {
    this.catchingUp = false;
    const change = await detect(this.upstream, this.model, this.interest(), this.state);
    this.deliver(change);
    return changed(change);
  }

  /** A 429 is waited out; a REST failure reaches the subscribers as an error event and the watch goes on. */
  private fail(error: unknown): void {
    const retryAfter = error instanceof RestHttpError ? error.retryAfterMs : undefined;
    if (retryAfter !== undefined) this.interval = Math.max(this.interval, retryAfter);
    else this.interval = Math.min(this.interval * 2, this.o.tick.slowMs);
    // Told to the subscribers by the coordinator already, once per outage.
    if (error instanceof CoordinationError) return;
    const upstream = error instanceof RestError;
    const message = upstream
      ? `the REST API could not be watched (${error.status ?? error.code}); the watch goes on`
      : 'watching failed; the watch goes on';
    const change: Change = {
      entities: [],
      collections: [],
      error: { message, code: 'UPSTREAM_ERROR' },
      restCalls: 0,
      subscribers: this.subscribers,
    };
    // A REST failure concerns every instance's subscribers; a coordination failure only this one's.
    if (upstream && this.link.leading) void this.link.publish(change, this.state).catch(() => undefined);
    this.deliver(change);
  }

  adopt(state: WatchState): void {
    if (!this.link.leading) this.state = state;
  }

  /**
   * Hands a change (found here or published by the leader) to the local subscribers, each getting an
   * object only if it is newer than what it has (so a change published twice, around a change of
   * leader, arrives once); then charges them their share of the tick's REST calls.
   */
  deliver(change: Change, state?: WatchState): void {
    // The leader's state: where this instance starts should it have to search alone.
    if (state && !this.link.leading) this.state = state;
    const everyone = [...this.entities.values(), ...this.collections.values()].flatMap((set) => [...set]);
    if (change.error) for (const w of everyone) w.channel.push({ expand: [], error: change.error });
    let answered = false;
    for (const e of change.entities) {
      for (const w of [...(this.entities.get(e.key) ?? [])]) answered = this.handEntity(w, e) || answered;
    }
    for (const c of change.collections) {
      for (const w of [...(this.collections.get(c.filter) ?? [])])
        this.handCollection(w, c.objects, c.expand);
    }
    // Subscribers no longer waiting for their first answer: the leader need not fetch for them again.
    if (answered) this.link.interestChanged(false);
    if (this.o.charger) chargeTick(this.o.charger, everyone, change.restCalls, change.subscribers);
  }

  /** True when this was the subscriber's first answer. */
  private handEntity(w: EntityWatch, e: Change['entities'][number]): boolean {
    if (!e.object) {
      w.channel.push({
        expand: [],
        error: { message: `${resourceOf(this.model).typeName} ${e.key} no longer exists`, code: 'NOT_FOUND' },
      });
      w.channel.end();
      return false;
    }
    if (!isNewer(e.object, w.last)) return false;
    const first = w.last === undefined;
    w.last = signatureOf(e.object);
    w.channel.push({ object: structuredClone(e.object), expand: e.expand });
    if (w.untilFinal && (finalStates[this.model]?.includes(String(e.object.state)) ?? false)) w.channel.end();
    return first;
  }

  private handCollection(w: CollectionWatch, objects: readonly Row[], expand: string[]): void {
    const resource = resourceOf(this.model);
    for (const object of objects) {
      const key = keyOf(resource, object);
      if (!isNewer(object, w.seen.get(key))) continue;
      w.seen.delete(key);
      w.seen.set(key, signatureOf(object));
      if (w.seen.size > SEEN_LIMIT) w.seen.delete(w.seen.keys().next().value!);
      w.channel.push({ object: structuredClone(object), expand });
    }
  }
}
