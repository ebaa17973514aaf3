// The sandbox's in-memory object store. Objects are kept in their REST shape with link fields holding
// ids; expansion happens when a response is rendered. Every method is synchronous, so a read-check-write
// sequence inside one method can never interleave with another request: version checks are atomic.

import type { ResourceModel, Schemas, Unexpanded } from '../api-types';

export type Key = number | string;
export type StoredObject = Record<string, unknown>;
/**
 * A stored object of `Model`: its REST fields typed as REST answers them unexpanded (links hold ids),
 * whatever else the sandbox keeps `unknown`. For a model named by a string variable, a `StoredObject`.
 */
export type Stored<Model extends string> = Model extends ResourceModel
  ? Unexpanded<Model> & IdOf<Model> & StoredObject
  : StoredObject;
/** A stored object keyed by a Long id always has it (`createObject` assigns it). */
type IdOf<Model extends ResourceModel> = Schemas[Model] extends { readonly id?: number }
  ? { id: number }
  : unknown;

interface Entry {
  space: number | null;
  object: StoredObject;
  /** Where the key entered its model's collection: the order `list` and `forEach` follow. */
  position: number;
}

/**
 * Which objects were written (put or updated) while the journal was open, by model: what lets a
 * reader of many objects look again only at those that changed. Open one with `Store.openJournal`.
 */
export class WriteJournal {
  private written = new Map<string, Set<Key>>();

  constructor(private readonly onClose: () => void) {}

  record(model: string, key: Key): void {
    let keys = this.written.get(model);
    if (!keys) {
      keys = new Set();
      this.written.set(model, keys);
    }
    keys.add(key);
  }

  /** What was written since the last take (or the opening), by model; the journal starts afresh. */
  take(): Map<string, Set<Key>> {
    const written = this.written;
    this.written = new Map();
    return written;
  }

  close(): void {
    this.onClose();
  }
}

/**
 * One model's objects by the value of one field, in creation order. Most values (a transaction's id
 * in its completions) have one object: such a bucket is the entry itself, not an array of one, which
 * halves what an index of a large model costs.
 */
type Bucket = Entry | Entry[];
type FieldIndex = Map<unknown, Bucket>;
/** What an index keys an object by: a field's value, or a key derived from the object alone. */
export type IndexKey = (object: StoredObject) => unknown;
interface Index {
  key: IndexKey;
  buckets: FieldIndex;
}

/**
 * Reads a stored object as its model's type. Every write path checks what it stores (request bodies
 * against openapi.json, computed fields by the life cycles that set them), so the store trusts it here,
 * in this one place, rather than at each reader.
 */
const typed = <Model extends string>(object: StoredObject): Stored<Model> => object as Stored<Model>;

const entriesOf = (bucket: Bucket | undefined): readonly Entry[] =>
  bucket === undefined ? [] : Array.isArray(bucket) ? bucket : [bucket];

/** Whether the entry is seen from `space` (every space when undefined; objects outside spaces from all). */
const visibleFrom = (entry: Entry, space: number | null | undefined): boolean =>
  space === undefined || entry.space === null || entry.space === space;

function addToIndex(index: FieldIndex, value: unknown, entry: Entry): void {
  const bucket = index.get(value);
  if (bucket === undefined) index.set(value, entry);
  else if (!Array.isArray(bucket))
    index.set(value, bucket.position < entry.position ? [bucket, entry] : [entry, bucket]);
  // New objects come last in creation order: the usual case appends.
  else if (bucket[bucket.length - 1].position < entry.position) bucket.push(entry);
  else {
    let [low, high] = [0, bucket.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (bucket[middle].position < entry.position) low = middle + 1;
      else high = middle;
    }
    bucket.splice(low, 0, entry);
  }
}

function removeFromIndex(index: FieldIndex, value: unknown, entry: Entry): void {
  const bucket = index.get(value);
  if (bucket === entry) index.delete(value);
  if (!Array.isArray(bucket)) return;
  const at = bucket.indexOf(entry);
  if (at < 0) return;
  bucket.splice(at, 1);
  if (bucket.length === 1) index.set(value, bucket[0]);
}

export type UpdateOutcome<Model extends string = string> =
  | { ok: true; object: Stored<Model> }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'version-missing' | 'version-mismatch'; current: number };

export class Store {
  private readonly collections = new Map<string, Map<Key, Entry>>();
  private sequence: number;
  private positions = 0;
  private journal: WriteJournal | undefined;
  /** By model, then name (a field): the indexes `where` built (on first use) and every write keeps current. */
  private readonly indexes = new Map<string, Map<string, Index>>();

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
  put<Model extends string>(
    model: Model,
    space: number | null,
    key: Key,
    object: StoredObject,
  ): Stored<Model> {
    const collection = this.collection(model);
    const entry = collection.get(key);
    // A key stored again keeps its place, as a Map keeps it; a new (or removed and re-added) key goes last.
    if (entry) {
      const before = entry.object;
      entry.space = space;
      entry.object = object;
      this.reindex(model, entry, before);
    } else {
      const added = { space, object, position: (this.positions += 1) };
      collection.set(key, added);
      this.reindex(model, added, undefined);
    }
    this.journal?.record(model, key);
    return typed<Model>(object);
  }

  /**
   * Starts recording the writes (put, update) until the journal is closed. One at a time: a second
   * while one is open is a sandbox bug. Without a journal open, writes record nothing.
   */
  openJournal(): WriteJournal {
    if (this.journal) throw new Error('a write journal is open already');
    const journal = new WriteJournal(() => {
      if (this.journal === journal) this.journal = undefined;
    });
    this.journal = journal;
    return journal;
  }

  /** The object, or undefined when it does not exist or lives in another space than `space`. */
  get<Model extends string>(model: Model, key: Key, space?: number | null): Stored<Model> | undefined {
    const entry = this.collections.get(model)?.get(key);
    if (!entry || (space !== undefined && entry.space !== null && entry.space !== space)) return undefined;
    return typed<Model>(entry.object);
  }

  spaceOf(model: string, key: Key): number | null | undefined {
    return this.collections.get(model)?.get(key)?.space;
  }

  /** Every object of a model visible from `space`, in creation order. */
  list<Model extends string>(model: Model, space?: number | null): Stored<Model>[] {
    const out: Stored<Model>[] = [];
    for (const entry of this.collections.get(model)?.values() ?? []) {
      if (visibleFrom(entry, space)) out.push(typed<Model>(entry.object));
    }
    return out;
  }

  /** Visits every object of a model in creation order with its key and place, allocating nothing. */
  forEach<Model extends string>(
    model: Model,
    visit: (object: Stored<Model>, key: Key, position: number) => void,
  ): void {
    this.collections
      .get(model)
      ?.forEach((entry, key) => visit(typed<Model>(entry.object), key, entry.position));
  }

  /** The object's place in its model's creation order (`forEach`), or undefined when it is not stored. */
  positionOf(model: string, key: Key): number | undefined {
    return this.collections.get(model)?.get(key)?.position;
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
  update<Model extends string>(
    model: Model,
    key: Key,
    space: number | null | undefined,
    change: (current: Stored<Model>) => StoredObject,
    versioning?: { expectedVersion: unknown },
  ): UpdateOutcome<Model> {
    const current = this.get(model, key, space);
    if (!current) return { ok: false, reason: 'not-found' };
    if (versioning) {
      const stored = Number(current.version ?? 0);
      if (versioning.expectedVersion === undefined || versioning.expectedVersion === null) {
        return { ok: false, reason: 'version-missing', current: stored };
      }
      if (versioning.expectedVersion !== stored)
        return { ok: false, reason: 'version-mismatch', current: stored };
    }
    const next = change(current);
    if (versioning) next.version = Number(current.version ?? 0) + 1;
    const entry = this.collections.get(model)!.get(key)!;
    entry.object = next;
    this.reindex(model, entry, current);
    this.journal?.record(model, key);
    return { ok: true, object: typed<Model>(next) };
  }

  /** Removes an object; false when it was not there (or not in `space`). */
  remove(model: string, key: Key, space?: number | null): boolean {
    if (!this.get(model, key, space)) return false;
    const collection = this.collections.get(model)!;
    const entry = collection.get(key)!;
    this.indexes
      .get(model)
      ?.forEach(({ key, buckets }) => removeFromIndex(buckets, key(entry.object), entry));
    return collection.delete(key);
  }

  /**
   * The objects of a model whose `field` holds `value` (===), visible from `space`, in creation order:
   * what `list(model, space).filter(...)` gives, without visiting the whole model. The first call for
   * a field indexes the model once; every write keeps the index current from then on (so a field
   * looked up this way must only change through `put` and `update`, never by mutating an object).
   */
  where<Model extends string>(
    model: Model,
    field: string,
    value: unknown,
    space?: number | null,
  ): Stored<Model>[] {
    const bucket = this.index(model, field, (object) => object[field]).get(value);
    const out: Stored<Model>[] = [];
    for (const entry of entriesOf(bucket)) {
      if (visibleFrom(entry, space)) out.push(typed<Model>(entry.object));
    }
    return out;
  }

  /** `where` for several values: the objects whose `field` holds any of `values`, in creation order. */
  whereIn<Model extends string>(
    model: Model,
    field: string,
    values: Iterable<unknown>,
    space?: number | null,
  ): Stored<Model>[] {
    return this.whereKeyIn(model, field, (object) => object[field], values, space);
  }

  /**
   * `whereIn` over a key derived from each object (a search's equality key: a lower-cased string, a
   * number): the objects whose `key(object)` is one of `keys` (SameValueZero), in creation order.
   * `name` names the index: one name always comes with the same `key`, which reads the object alone
   * (never other objects, so that a write to this object is all that can change it).
   */
  whereKeyIn<Model extends string>(
    model: Model,
    name: string,
    key: IndexKey,
    keys: Iterable<unknown>,
    space?: number | null,
  ): Stored<Model>[] {
    const index = this.index(model, name, key);
    const entries: Entry[] = [];
    for (const value of new Set(keys)) {
      for (const entry of entriesOf(index.get(value))) {
        if (visibleFrom(entry, space)) entries.push(entry);
      }
    }
    return entries.sort((a, b) => a.position - b.position).map((entry) => typed<Model>(entry.object));
  }

  /**
   * How many objects of every space `whereKeyIn` would visit for `keys` (builds the index like it):
   * what tells the cheapest of several lookups before any of them is made.
   */
  countKeyIn(model: string, name: string, key: IndexKey, keys: Iterable<unknown>): number {
    const index = this.index(model, name, key);
    let count = 0;
    for (const value of new Set(keys)) {
      const bucket = index.get(value);
      count += bucket === undefined ? 0 : Array.isArray(bucket) ? bucket.length : 1;
    }
    return count;
  }

  private index(model: string, name: string, key: IndexKey): FieldIndex {
    const built = this.indexes.get(model)?.get(name);
    if (built) return built.buckets;
    const buckets: FieldIndex = new Map();
    this.collections.get(model)?.forEach((entry) => addToIndex(buckets, key(entry.object), entry));
    let byName = this.indexes.get(model);
    if (!byName) {
      byName = new Map();
      this.indexes.set(model, byName);
    }
    byName.set(name, { key, buckets });
    return buckets;
  }

  /** Moves a written entry to the buckets of its new values (`before`: its object before the write, if any). */
  private reindex(model: string, entry: Entry, before: StoredObject | undefined): void {
    this.indexes.get(model)?.forEach(({ key, buckets }) => {
      const value = key(entry.object);
      if (before) {
        const old = key(before);
        if (old === value) return;
        removeFromIndex(buckets, old, entry);
      }
      addToIndex(buckets, value, entry);
    });
  }
}
