// The sandbox's in-memory object store. Objects are kept in their REST shape with link fields holding
// ids; expansion happens when a response is rendered. Every method is synchronous, so a read-check-write
// sequence inside one method can never interleave with another request: version checks are atomic.

export type Key = number | string;
export type StoredObject = Record<string, unknown>;

interface Entry {
  space: number | null;
  object: StoredObject;
}

export type UpdateOutcome =
  | { ok: true; object: StoredObject }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'version-missing' | 'version-mismatch'; current: number };

export class Store {
  private readonly collections = new Map<string, Map<Key, Entry>>();
  private sequence: number;

  constructor(firstId = 1) {
    this.sequence = firstId - 1;
  }

  /** A new id, unique across every model, rising with creation time (ids order chronologically). */
  nextId(): number {
    this.sequence += 1;
    return this.sequence;
  }

  private collection(model: string): Map<Key, Entry> {
    let c = this.collections.get(model);
    if (!c) {
      c = new Map();
      this.collections.set(model, c);
    }
    return c;
  }

  /** Stores an object under its key; `space` is null for objects outside any space. */
  put(model: string, space: number | null, key: Key, object: StoredObject): StoredObject {
    this.collection(model).set(key, { space, object });
    return object;
  }

  /** The object, or undefined when it does not exist or lives in another space than `space`. */
  get(model: string, key: Key, space?: number | null): StoredObject | undefined {
    const entry = this.collections.get(model)?.get(key);
    if (!entry || (space !== undefined && entry.space !== null && entry.space !== space)) return undefined;
    return entry.object;
  }

  spaceOf(model: string, key: Key): number | null | undefined {
    return this.collections.get(model)?.get(key)?.space;
  }

  /** Every object of a model visible from `space`, in creation order. */
  list(model: string, space?: number | null): StoredObject[] {
    const out: StoredObject[] = [];
    for (const entry of this.collections.get(model)?.values() ?? []) {
      if (space === undefined || entry.space === null || entry.space === space) out.push(entry.object);
    }
    return out;
  }

  count(model: string): number {
    return this.collections.get(model)?.size ?? 0;
  }

  models(): string[] {
    return [...this.collections.keys()];
  }

  /**
   * Optimistic-locking update: applies `change` only when `expectedVersion` equals the stored
   * version (when `versioned`), then raises the version by one. Nothing changes on failure.
   */
  update(
    model: string,
    key: Key,
    space: number | null | undefined,
    change: (current: StoredObject) => StoredObject,
    versioning?: { expectedVersion: unknown },
  ): UpdateOutcome {
    const current = this.get(model, key, space);
    if (!current) return { ok: false, reason: 'not-found' };
    if (versioning) {
      const stored = Number(current.version ?? 0);
      if (versioning.expectedVersion === undefined || versioning.expectedVersion === null) {
        return { ok: false, reason: 'version-missing', current: stored };
      }
      if (versioning.expectedVersion !== stored) return { ok: false, reason: 'version-mismatch', current: stored };
    }
    const next = change(current);
    if (versioning) next.version = Number(current.version ?? 0) + 1;
    const entry = this.collections.get(model)!.get(key)!;
    entry.object = next;
    return { ok: true, object: next };
  }

  /** Removes an object; false when it was not there (or not in `space`). */
  remove(model: string, key: Key, space?: number | null): boolean {
    if (!this.get(model, key, space)) return false;
    return this.collections.get(model)!.delete(key);
  }
}
