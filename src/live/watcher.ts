// One watcher per (upstream, space, model): every subscriber's object of the model in the space is
// checked by one search per tick, whatever the number of subscribers; changed objects are fetched
// once more with the union of the subscribers' expand sets and handed to each. Collection watches
// (new and changed objects of a filter) cost one search per distinct filter per tick. The tick is
// fast while things change, slows down while nothing does, stops without subscribers, and waits
// out a 429; a REST failure reaches the subscribers as an error event and the watch goes on.
import { finalStates, resourceOf } from '../catalog';
import { RestError, RestHttpError } from '../rest/errors';
import { Channel } from './channel';
import { changedSince, fetchByKeys, keyOf, latestEvent, signatureOf, type Row, type Upstream } from './detect';

export interface LiveEvent {
  object?: Row;
  /** The expand set the object was fetched with (prefixes included). */
  expand: string[];
  error?: Error;
}

export interface TickOptions {
  /** Tick while subscribers see changes (default 1 s). */
  fastMs: number;
  /** Slowest tick while nothing changes (default 8 s). */
  slowMs: number;
}

interface EntityWatch {
  key: string;
  expand: string[];
  untilFinal: boolean;
  channel: Channel<LiveEvent>;
  /** Not yet answered with the object as it is. */
  fresh: boolean;
}

interface CollectionWatch {
  filter: string;
  expand: string[];
  channel: Channel<LiveEvent>;
}

interface CollectionState {
  watches: Set<CollectionWatch>;
  /** The latest event timestamp seen; undefined until the baseline is taken. */
  watermark?: string;
  seen: Map<string, string>;
}

const union = (sets: readonly (readonly string[])[]): string[] => [...new Set(sets.flat())].sort();

export class Watcher {
  private readonly entities = new Map<string, Set<EntityWatch>>();
  private readonly signatures = new Map<string, string>();
  private readonly collections = new Map<string, CollectionState>();
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private interval: number;

  constructor(
    private readonly upstream: Upstream,
    readonly model: string,
    private readonly tick: TickOptions,
    private readonly onIdle: () => void,
  ) {
    this.interval = tick.fastMs;
  }

  get subscribers(): number {
    let n = 0;
    for (const set of this.entities.values()) n += set.size;
    for (const state of this.collections.values()) n += state.watches.size;
    return n;
  }

  watchEntity(key: string, expand: string[], untilFinal: boolean): Channel<LiveEvent> {
    const watch: EntityWatch = { key, expand, untilFinal, fresh: true, channel: undefined as never };
    watch.channel = new Channel<LiveEvent>(() => this.forget(() => this.entities.get(key)?.delete(watch), key));
    this.entities.set(key, (this.entities.get(key) ?? new Set()).add(watch));
    this.wake();
    return watch.channel;
  }

  watchCollection(filter: string, expand: string[]): Channel<LiveEvent> {
    const state = this.collections.get(filter) ?? { watches: new Set(), seen: new Map() };
    this.collections.set(filter, state);
    const watch: CollectionWatch = { filter, expand, channel: undefined as never };
    watch.channel = new Channel<LiveEvent>(() => this.forget(() => state.watches.delete(watch)));
    state.watches.add(watch);
    this.wake();
    return watch.channel;
  }

  private forget(remove: () => void, key?: string): void {
    remove();
    if (key !== undefined && this.entities.get(key)?.size === 0) {
      this.entities.delete(key);
      this.signatures.delete(key);
    }
    for (const [filter, state] of this.collections) if (state.watches.size === 0) this.collections.delete(filter);
    if (this.subscribers === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.onIdle();
    }
  }

  /** Runs one tick now (tests and tools; the timer keeps its own pace). */
  async tickNow(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
    await this.run();
  }

  /** A new subscriber: tick now (after the running tick, if one runs). */
  private wake(): void {
    this.interval = this.tick.fastMs;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    if (this.subscribers === 0) return;
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref?.();
  }

  private async run(): Promise<void> {
    // One tick at a time: a tick asked for while one runs follows it at once.
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    try {
      const changed = await this.once();
      this.interval = changed ? this.tick.fastMs : Math.min(this.interval * 2, this.tick.slowMs);
    } catch (error) {
      this.fail(error);
    } finally {
      this.running = false;
      this.schedule(this.again ? 0 : this.interval);
    }
  }

  private fail(error: unknown): void {
    const retryAfter = error instanceof RestHttpError ? error.retryAfterMs : undefined;
    if (retryAfter !== undefined) this.interval = Math.max(this.interval, retryAfter);
    else this.interval = Math.min(this.interval * 2, this.tick.slowMs);
    const reason =
      error instanceof RestError
        ? new Error(`the REST API could not be watched (${error.status ?? error.code}); the watch goes on`)
        : new Error('watching failed; the watch goes on');
    for (const set of this.entities.values()) for (const w of set) w.channel.push({ expand: [], error: reason });
    for (const state of this.collections.values()) for (const w of state.watches) w.channel.push({ expand: [], error: reason });
  }

  /** One tick: entities, then collections. True when anything was handed out. */
  private async once(): Promise<boolean> {
    const a = await this.entityTick();
    const b = await this.collectionTick();
    return a || b;
  }

  private async entityTick(): Promise<boolean> {
    const keys = [...this.entities.keys()];
    if (keys.length === 0) return false;
    const now = await fetchByKeys(this.upstream, this.model, keys, []);
    const due = keys.filter((k) => {
      const row = now.get(k);
      return !row || signatureOf(row) !== this.signatures.get(k) || [...this.entities.get(k)!].some((w) => w.fresh);
    });
    if (due.length === 0) return false;
    const expand = union(due.flatMap((k) => [...(this.entities.get(k) ?? [])].map((w) => w.expand)));
    const full =
      expand.length > 0
        ? await fetchByKeys(
            this.upstream,
            this.model,
            due.filter((k) => now.has(k)),
            expand,
          )
        : now;
    for (const key of due) this.hand(key, full.get(key), expand);
    return true;
  }

  private hand(key: string, row: Row | undefined, expand: string[]): void {
    const watches = [...(this.entities.get(key) ?? [])];
    if (!row) {
      for (const w of watches) {
        w.channel.push({ expand: [], error: new Error(`${resourceOf(this.model).typeName} ${key} no longer exists`) });
        w.channel.end();
      }
      return;
    }
    const changed = signatureOf(row) !== this.signatures.get(key);
    this.signatures.set(key, signatureOf(row));
    const final = finalStates[this.model]?.includes(String(row.state)) ?? false;
    for (const w of watches) {
      if (!changed && !w.fresh) continue;
      w.fresh = false;
      w.channel.push({ object: structuredClone(row), expand });
      if (w.untilFinal && final) w.channel.end();
    }
  }

  private async collectionTick(): Promise<boolean> {
    let handed = false;
    for (const [filter, state] of this.collections) {
      if (state.watermark === undefined) {
        await this.baseline(filter, state);
        continue;
      }
      const rows = await changedSince(this.upstream, this.model, filter, state.watermark);
      const fresh = rows.filter((r) => state.seen.get(keyOf(resourceOf(this.model), r)) !== signatureOf(r));
      for (const r of rows) this.advance(state, r);
      if (fresh.length === 0) continue;
      const expand = union([...state.watches].map((w) => w.expand));
      const resource = resourceOf(this.model);
      const full =
        expand.length > 0
          ? await fetchByKeys(
              this.upstream,
              this.model,
              fresh.map((r) => keyOf(resource, r)),
              expand,
            )
          : undefined;
      // Oldest first, as they happened.
      for (const r of fresh.reverse()) {
        const object = full?.get(keyOf(resource, r)) ?? r;
        for (const w of state.watches) w.channel.push({ object: structuredClone(object), expand });
      }
      handed = true;
    }
    return handed;
  }

  /** From the moment of subscribing: what happened up to now is marked seen, not handed out. */
  private async baseline(filter: string, state: CollectionState): Promise<void> {
    const recent = await changedSince(this.upstream, this.model, '', undefined);
    const since = recent
      .map((r) => latestEvent(this.model, r))
      .filter((t): t is string => t !== undefined)
      .sort((x, y) => Date.parse(y) - Date.parse(x))[0];
    state.watermark = since ?? new Date(0).toISOString();
    for (const r of await changedSince(this.upstream, this.model, filter, state.watermark)) this.advance(state, r);
  }

  private advance(state: CollectionState, row: Row): void {
    state.seen.set(keyOf(resourceOf(this.model), row), signatureOf(row));
    const t = latestEvent(this.model, row);
    if (t && Date.parse(t) > Date.parse(state.watermark ?? t)) state.watermark = t;
  }
}
