// All watchers of one upstream (one set of REST credentials): one watcher per (space, model),
// made when the first subscriber comes and dropped when the last one leaves. The coordinator
// decides which instance searches (in process: this one; with Redis: the lease holder).
import type { RestCaller } from '../rest/types';
import type { LiveCharger } from './charge';
import { inProcessCoordinator, type WatchCoordinator } from './coordinator';
import { Watcher, type TickOptions } from './watcher';

export const DEFAULT_TICK: TickOptions = { fastMs: 1_000, slowMs: 8_000 };

export interface HubOptions extends Partial<TickOptions> {
  /** Several instances sharing watches (default: this process alone). */
  coordinator?: WatchCoordinator;
  /** Names the upstream credentials to the other instances; a hash, never a secret (default: none, fine in process). */
  upstreamId?: string;
  /** Charges subscriptions to their callers' rate limits (default: free). */
  charger?: LiveCharger;
}

export class LiveHub {
  private readonly watchers = new Map<string, Watcher>();

  constructor(
    private readonly rest: RestCaller,
    private readonly tick: TickOptions,
    private readonly o: HubOptions = {},
  ) {}

  get charger(): LiveCharger | undefined {
    return this.o.charger;
  }

  watcher(space: number | null, model: string): Watcher {
    const id = `${space ?? '-'}|${model}`;
    let watcher = this.watchers.get(id);
    if (!watcher) {
      watcher = new Watcher({ rest: this.rest, space }, model, {
        tick: this.tick,
        key: { upstream: this.o.upstreamId ?? '', space, model },
        coordinator: this.o.coordinator ?? inProcessCoordinator,
        charger: this.o.charger,
        onIdle: () => this.watchers.delete(id),
      });
      this.watchers.set(id, watcher);
    }
    return watcher;
  }

  /**
   * A write through paygraph may have changed objects of these (space, model)s: their watches look
   * now (whatever their tick), here when this instance searches, else by their leader wherever it is.
   */
  written(models: readonly { space: number | null; model: string }[]): void {
    for (const { space, model } of models) {
      const watcher = this.watchers.get(`${space ?? '-'}|${model}`);
      if (watcher && (watcher.leading || watcher.solo)) {
        watcher.wake();
        continue;
      }
      (this.o.coordinator ?? inProcessCoordinator).poke({ upstream: this.o.upstreamId ?? '', space, model });
    }
  }

  /** The watchers running now, for tests and metrics. */
  get active(): Watcher[] {
    return [...this.watchers.values()];
  }
}

const hubs = new WeakMap<RestCaller, LiveHub>();

/** The hub of an upstream REST caller; the options apply when the hub is first made. */
export function liveHubOf(rest: RestCaller, options: HubOptions = {}): LiveHub {
  let hub = hubs.get(rest);
  if (!hub) {
    const { fastMs, slowMs, ...others } = options;
    const tick = {
      ...DEFAULT_TICK,
      ...(fastMs !== undefined ? { fastMs } : {}),
      ...(slowMs !== undefined ? { slowMs } : {}),
    };
    hub = new LiveHub(rest, tick, others);
    hubs.set(rest, hub);
  }
  return hub;
}
