// What one WebSocket connection may hold and for how long: connections counted per caller and per
// client address against their caps, and each connection's own state: its operations running (and
// the admission slots they hold), an idle timer that closes it while none runs, and a timer that
// closes it when the token it was opened with expires.
import type { WebSocket } from 'ws';
import type { Release } from './admission/caller-concurrency';
import { runAt } from '../shared/run-at';

/** graphql-ws's Unauthorized: the token the connection was opened with has expired. */
export const CLOSE_EXPIRED = 4401;
/** More connections than the caller's cap (graphql-ws uses 4429 for too many requests). */
export const CLOSE_TOO_MANY = 4429;
/** Normal closure: the connection was idle (clients reconnect when they need one). */
export const CLOSE_IDLE = 1000;

/** Connections held per key (a caller's identity, a client address), each key at most `cap`. */
export class ConnectionCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Counts one more connection of `key`; false (nothing counted) when it holds `cap` already. */
  take(key: string): boolean {
    const held = this.counts.get(key) ?? 0;
    if (held >= this.cap) return false;
    this.counts.set(key, held + 1);
    return true;
  }

  give(key: string): void {
    const held = (this.counts.get(key) ?? 0) - 1;
    if (held > 0) this.counts.set(key, held);
    else this.counts.delete(key);
  }
}

export interface ConnectionOptions {
  /** Whom the connection's limits count against (a caller's identity, or anonymous@address). */
  requester: string;
  /** A connection with no operation running this long is closed. */
  idleMs: number;
  /** When the token the connection was opened with expires (epoch ms), if it does. */
  expiresAt?: number;
}

/** One acknowledged connection: its operations, their admission slots, its idle and expiry timers. */
export class Connection {
  readonly running = new Set<string>();
  private readonly slots = new Map<string, Release>();
  /** Aborts admission waits when the connection closes. */
  private readonly closed = new AbortController();
  private idle?: NodeJS.Timeout;
  private disposed = false;
  private readonly cancelExpiry?: () => void;

  constructor(
    readonly socket: WebSocket,
    readonly request: Request,
    readonly o: ConnectionOptions,
  ) {
    if (o.expiresAt !== undefined) this.cancelExpiry = runAt(o.expiresAt, () => this.expire());
    this.armIdle();
  }

  get signal(): AbortSignal {
    return this.closed.signal;
  }

  expired(): boolean {
    return this.o.expiresAt !== undefined && Date.now() >= this.o.expiresAt;
  }

  expire(): void {
    this.socket.close(CLOSE_EXPIRED, 'Unauthorized: the token has expired; connect again with a new one');
  }

  started(id: string): void {
    this.running.add(id);
    clearTimeout(this.idle);
  }

  holdSlot(id: string, release: Release): void {
    this.slots.set(id, release);
  }

  /** Gives the operation's admission slot back (a subscription's once it is running, as over HTTP). */
  releaseSlot(id: string): void {
    this.slots.get(id)?.();
    this.slots.delete(id);
  }

  ended(id: string): void {
    this.releaseSlot(id);
    this.running.delete(id);
    if (this.running.size === 0) this.armIdle();
  }

  /** The socket closed: every slot back, every timer off, every admission wait left. */
  dispose(): void {
    this.disposed = true;
    for (const id of [...this.slots.keys()]) this.releaseSlot(id);
    clearTimeout(this.idle);
    this.cancelExpiry?.();
    this.closed.abort();
  }

  private armIdle(): void {
    clearTimeout(this.idle);
    // Its operations end after the socket closed (their streams are returned then): no timer for a closed socket.
    if (this.disposed) return;
    this.idle = setTimeout(
      () => this.socket.close(CLOSE_IDLE, 'idle: no operation ran for a while'),
      this.o.idleMs,
    );
    this.idle.unref();
  }
}
