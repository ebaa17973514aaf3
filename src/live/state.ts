// What one watch shares between its parts and, with Redis, between instances: the subscribers'
// interest (what to search for), the watch state a leader keeps (what was already seen, so a new
// leader resumes where the old one stopped), and the change a tick found (what every instance
// hands to its own subscribers, each of whom drops what it already has).
import type { Row } from './detect';

export interface TickOptions {
  /** Tick while subscribers see changes (default 1 s). */
  fastMs: number;
  /** Slowest tick while nothing changes (default 8 s). */
  slowMs: number;
}

export interface EntityInterest {
  /** The expand set the subscribers' selections need. */
  expand: string[];
  /** Some subscriber still waits for the object as it is now. */
  fresh: boolean;
}

export interface Interest {
  /** Followed objects (`entityChanged`) by REST key. */
  entities: Record<string, EntityInterest>;
  /** Collection watches by REST search filter, with the expand set they need. */
  collections: Record<string, { expand: string[] }>;
  /** Subscribers in all: a tick's REST calls are split between them. */
  subscribers: number;
}

export interface CollectionState {
  /** The latest event timestamp seen. */
  watermark: string;
  /** Signature (version and state) last seen per key, for objects still reachable from the watermark. */
  seen: Record<string, string>;
  /** Keys of recent objects not in a final state: searched again every tick, since some changes leave no timestamp. */
  known: string[];
}

export interface WatchState {
  /** Signature last handed out per followed key. */
  signatures: Record<string, string>;
  collections: Record<string, CollectionState>;
}

export interface LiveError {
  message: string;
  code: string;
  retryAfterSeconds?: number;
}

export interface Change {
  /** Followed objects that changed or that a new subscriber waits for; no object: it no longer exists. */
  entities: { key: string; object?: Row; expand: string[] }[];
  /** New and changed objects of each collection filter, oldest first. */
  collections: { filter: string; objects: Row[]; expand: string[] }[];
  /** The tick failed; the watch goes on. */
  error?: LiveError;
  /** REST calls the tick made, and the subscribers (of every instance) who share them. */
  restCalls: number;
  subscribers: number;
}

export const emptyState = (): WatchState => ({ signatures: {}, collections: {} });

export const union = (sets: readonly (readonly string[])[]): string[] => [...new Set(sets.flat())].sort();

/** Every instance's interest as one. */
export function mergeInterest(all: readonly Interest[]): Interest {
  const merged: Interest = { entities: {}, collections: {}, subscribers: 0 };
  for (const i of all) {
    merged.subscribers += i.subscribers;
    for (const [key, e] of Object.entries(i.entities)) {
      const had = merged.entities[key];
      merged.entities[key] = had ? { expand: union([had.expand, e.expand]), fresh: had.fresh || e.fresh } : e;
    }
    for (const [filter, c] of Object.entries(i.collections)) {
      const had = merged.collections[filter];
      merged.collections[filter] = { expand: had ? union([had.expand, c.expand]) : c.expand };
    }
  }
  return merged;
}

/** What tells a change: the version and the state (where the model has them). */
export function signatureOf(row: Row): string {
  return `${String(row.version ?? '')}|${String(row.state ?? '')}`;
}

const INTEGER = /^-?\d+$/;

/**
 * Whether a subscriber that last got `last` should get `row`: a higher version, or (without
 * versions to compare) another signature. A lower version is a late duplicate, never handed out.
 */
export function isNewer(row: Row, last: string | undefined): boolean {
  if (last === undefined) return true;
  const sig = signatureOf(row);
  if (sig === last) return false;
  const [was] = last.split('|');
  const now = String(row.version ?? '');
  if (INTEGER.test(was) && INTEGER.test(now) && was !== now) return BigInt(now) > BigInt(was);
  return true;
}
