// Per request, per (model, space): a DataLoader that turns N keys into search calls
// `id:1 OR id:2 ...` of at most 100 keys (parallel retrievals where the resource has no search),
// answering in key order, null for a missing key and an Error for a key whose call failed.
// Keys wanted in one tick with different expand sets are fetched once, with the union of the sets:
// an object fetched with a larger expand set serves a smaller one (DESIGN).
import DataLoader from 'dataloader';
import { resourceOf, type Resource } from '../catalog';
import { RestError } from '../rest/errors';
import type { Entity } from './entity';
import { EntityCache } from './entity-cache';
import { entityKey, splitNestedKey } from './entity-key';
import { callOp, asPage, withExpand, type Caller } from './rest-calls';
import { keysQuery } from './search-syntax';

export const SEARCH_BATCH = 100;

export interface BatchRecord {
  model: string;
  space: number | null;
  expand: string[];
  keys: string[];
}

/** A key as one field wants it: the object and the expand set its selection needs. */
interface Wanted {
  key: string;
  expand: readonly string[];
}

const wantedId = (w: Wanted): string => `${w.key}|${w.expand.join(',')}`;

/** The sorted union of the expand sets (each already holds its prefixes). */
function union(sets: readonly (readonly string[])[]): string[] {
  return [...new Set(sets.flat())].sort();
}

/** Which DataLoader ran a batch: entities by key, children of many parents, a `through` relation's links, links by natural key. */
export type BatchKind = 'entity' | 'children' | 'intermediates' | 'natural-link';

/** Told of every batch a loader runs: its kind, the graph type it loads, and how many keys it asked for at once. */
export type BatchObserver = (kind: BatchKind, model: string, size: number) => void;

export class Loaders {
  private readonly loaders = new Map<string, DataLoader<Wanted, Entity | null, string>>();
  /** Every batch the loaders ran, for tests that assert batches. */
  readonly batches: BatchRecord[] = [];

  constructor(
    private readonly caller: Caller,
    readonly cache: EntityCache,
    private readonly naive: boolean,
    private readonly observeBatch: BatchObserver = () => undefined,
  ) {}

  async load(
    model: string,
    space: number | null,
    key: string,
    expand: readonly string[],
  ): Promise<Entity | null> {
    if (!this.naive) {
      const known = this.cache.get(model, space, key, expand);
      if (known) return known;
    }
    return this.loader(model, space).load({ key, expand });
  }

  /** Drops every loader (and what it cached): after a mutation, nothing read before it is reused. */
  clear(): void {
    this.loaders.clear();
  }

  private loader(model: string, space: number | null): DataLoader<Wanted, Entity | null, string> {
    const id = `${model}|${space ?? '-'}`;
    let loader = this.loaders.get(id);
    if (!loader) {
      const batch = (wanted: readonly Wanted[]) => this.batch(model, space, wanted);
      loader = this.naive
        ? new DataLoader(batch, { batch: false, cache: false, cacheKeyFn: wantedId })
        : new DataLoader(batch, { cacheKeyFn: wantedId });
      this.loaders.set(id, loader);
    }
    return loader;
  }

  private async batch(
    model: string,
    space: number | null,
    wanted: readonly Wanted[],
  ): Promise<(Entity | null | Error)[]> {
    const resource = resourceOf(model);
    const keys = [...new Set(wanted.map((w) => w.key))];
    this.observeBatch('entity', resource.typeName, keys.length);
    if (resource.ops.S && !this.naive) {
      const expand = union(wanted.map((w) => w.expand));
      this.batches.push({ model, space, expand, keys });
      const answers = await Promise.all(
        searchGroups(resource, keys).map((g) => this.search(model, space, expand, g)),
      );
      const found = new Map(answers.flat());
      return wanted.map((w) => found.get(normal(resource, w.key)) ?? null);
    }
    // One retrieval per key, with every expand set that key is wanted with.
    const byKey = new Map(
      keys.map((key) => [key, union(wanted.filter((w) => w.key === key).map((w) => w.expand))]),
    );
    for (const [key, expand] of byKey) this.batches.push({ model, space, expand, keys: [key] });
    const answers = new Map(
      await Promise.all(
        [...byKey].map(
          async ([key, expand]) => [key, await this.retrieve(model, space, expand, key)] as const,
        ),
      ),
    );
    return wanted.map((w) => answers.get(w.key) ?? null);
  }

  /** One search for keys under one parent (or none): `id:1 OR id:2 ...`; answers by key. */
  private async search(
    model: string,
    space: number | null,
    expand: string[],
    g: SearchGroup,
  ): Promise<[string, Entity | null | Error][]> {
    const resource = resourceOf(model);
    const numeric = resource.key.type === 'long';
    try {
      const query = keysQuery(resource.key.field, numeric, g.ids);
      const body = await callOp(this.caller, resource.ops.S!, {
        space,
        path: g.path,
        query: withExpand(resource.ops.S!, { query, limit: g.ids.length }, expand),
      });
      const found: [string, Entity | null | Error][] = [];
      for (const row of asPage(body).data) {
        const entity = this.cache.wrap(row, model, space, expand);
        const key = entityKey(resource, row);
        if (key !== null) found.push([normal(resource, key), entity]);
      }
      return found;
    } catch (error) {
      return g.keys.map((k) => [normal(resource, k), asError(error)]);
    }
  }

  private async retrieve(
    model: string,
    space: number | null,
    expand: string[],
    key: string,
  ): Promise<Entity | null | Error> {
    const resource = resourceOf(model);
    const op = resource.ops.G;
    if (!op) return new Error(`${resource.typeName} cannot be retrieved by ${resource.key.field}`);
    const nested = resource.parent ? splitNestedKey(key) : null;
    const path = nested
      ? { [resource.parent!.pathParam]: nested.parent, [resource.key.pathParam]: nested.id }
      : { [resource.key.pathParam]: key };
    try {
      const body = await callOp(this.caller, op, { space, path, query: withExpand(op, {}, expand) });
      return this.cache.wrap(body as Record<string, unknown>, model, space, expand);
    } catch (error) {
      if (error instanceof RestError && error.status === 404) return null;
      return asError(error);
    }
  }
}

interface SearchGroup {
  /** The loader keys this search answers. */
  keys: string[];
  /** Their REST ids. */
  ids: string[];
  /** Path parameters of a nested base (the parent id), if any. */
  path?: Record<string, string>;
}

/** Splits keys into searches of at most 100, one parent per search for nested bases. */
function searchGroups(resource: Resource, keys: readonly string[]): SearchGroup[] {
  const byParent = new Map<string, string[]>();
  for (const key of keys) {
    const parent = resource.parent ? (splitNestedKey(key)?.parent ?? '') : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), key]);
  }
  const groups: SearchGroup[] = [];
  for (const [parent, list] of byParent) {
    for (let i = 0; i < list.length; i += SEARCH_BATCH) {
      const chunk = list.slice(i, i + SEARCH_BATCH);
      const ids = resource.parent ? chunk.map((k) => splitNestedKey(k)?.id ?? k) : chunk;
      groups.push({
        keys: chunk,
        ids,
        path: resource.parent ? { [resource.parent.pathParam]: parent } : undefined,
      });
    }
  }
  return groups;
}

/** Code keys (countries, currencies, languages) match case-insensitively, as REST equality does. */
function normal(resource: Resource, key: string): string {
  return resource.key.type === 'string' ? key.toLowerCase() : key;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
