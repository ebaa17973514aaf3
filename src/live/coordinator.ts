// Who does a watch's REST searches: in one process the watcher always leads; with several instances
// (redis-coordinator) one leads each watch by a lease and stores the watch state so the next leader
// resumes from it, and the others hand what it publishes to their own subscribers.
import type { Change, Interest, TickOptions, WatchState } from './state';

/** A coordination failure (Redis unreachable): the coordinator has told the subscribers already. */
export class CoordinationError extends Error {
  override name = 'CoordinationError';
}

/** One watch: the upstream credentials (an opaque id, never a secret), a space and a model. */
export interface WatchKey {
  upstream: string;
  space: number | null;
  model: string;
}

/** What a coordinator asks of the local watcher. */
export interface WatchPeer {
  /** This instance's subscribers' interest, now. */
  interest(): Interest;
  /** A change another instance published, and the leader's watch state after it when that changed. */
  deliver(change: Change, state?: WatchState): void;
  /** The leader's stored watch state, read by a follower: where it starts should it have to search alone. */
  adopt(state: WatchState): void;
  /** Tick soon: this instance just took the lead or lost Redis, another one has new subscribers, or a write changed the watch's objects. */
  wake(): void;
  /**
   * What was published may have been missed (a gap in the sequence, a reconnect): look once for this
   * instance's own subscribers.
   */
  catchUp(): void;
}

export interface WatchLink {
  /** Whether this instance makes the watch's REST searches now, for every instance. */
  readonly leading: boolean;
  /** Redis cannot be reached: this instance searches for its own subscribers alone until it can. */
  readonly solo: boolean;
  /** The local interest changed: share it; `more` (a subscriber came) asks the leader for a tick soon. */
  interestChanged(more: boolean): void;
  /** Every instance's interest, merged (the leader asks before each tick). */
  interest(): Promise<Interest>;
  /** The state the previous leader stored, once after taking the lead; undefined otherwise. */
  inherited(): Promise<WatchState | undefined>;
  /** Hands a change, and the state after it, to the other instances. */
  publish(change: Change, state: WatchState): Promise<void>;
  /** Stores the state after a tick, for the next leader. */
  save(state: WatchState): Promise<void>;
  /** No local subscriber left: drop this instance's interest, and the lead if it holds it. */
  leave(): Promise<void>;
}

export interface WatchCoordinator {
  join(key: WatchKey, peer: WatchPeer, tick: TickOptions): WatchLink;
  /** A write through paygraph may have changed the watch's objects: its leader, on whichever instance, looks now. */
  poke(key: WatchKey): void;
  close(): Promise<void>;
}

/** One process: always leading, nothing shared (the watcher keeps its state in memory). */
export const inProcessCoordinator: WatchCoordinator = {
  join: (_key, peer) => ({
    leading: true,
    solo: false,
    interestChanged: () => undefined,
    interest: () => Promise.resolve(peer.interest()),
    inherited: () => Promise.resolve(undefined),
    publish: () => Promise.resolve(),
    save: () => Promise.resolve(),
    leave: () => Promise.resolve(),
  }),
  // The watcher is woken by its hub: there is no one else to tell.
  poke: () => undefined,
  close: () => Promise.resolve(),
};
