// All watchers of one upstream (one set of REST credentials): one watcher per (space, model),
// made when the first subscriber comes and dropped when the last one leaves.
import type { RestCaller } from '../rest/types';
import { Watcher, type TickOptions } from './watcher';

export const DEFAULT_TICK: TickOptions = { fastMs: 1_000, slowMs: 8_000 };

export class LiveHub {
  private readonly watchers = new Map<string, Watcher>();

  constructor(
    private readonly rest: RestCaller,
    private readonly tick: TickOptions,
  ) {}

  watcher(space: number | null, model: string): Watcher {
    const id = `${space ?? '-'}|${model}`;
    let watcher = this.watchers.get(id);
    if (!watcher) {
      watcher = new Watcher({ rest: this.rest, space }, model, this.tick, () => this.watchers.delete(id));
      this.watchers.set(id, watcher);
    }
    return watcher;
  }

  /** The watchers running now, for tests and metrics. */
  get active(): Watcher[] {
    return [...this.watchers.values()];
  }
}

const hubs = new WeakMap<RestCaller, LiveHub>();

/** The hub of an upstream REST caller; `tick` applies when the hub is first made. */
export function liveHubOf(rest: RestCaller, tick: Partial<TickOptions> = {}): LiveHub {
  let hub = hubs.get(rest);
  if (!hub) {
    hub = new LiveHub(rest, { ...DEFAULT_TICK, ...tick });
    hubs.set(rest, hub);
  }
  return hub;
}
