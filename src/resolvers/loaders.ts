// Per request, per (model, space, expand set): a DataLoader that turns N keys into search calls
// `id:1 OR id:2 ...` of at most 100 keys (parallel retrievals where the resource has no search),
// answering in key order, null for a missing key and an Error for a key whose call failed.
import DataLoader from 'dataloader';
import { resourceOf, type Resource } from '../catalog';
import { RestError } from '../rest/errors';
import type { Entity } from './entity';
import { EntityCache } from './entity-cache';
import { entityKey, splitNestedKey } from './entity-key';
import { callOp, asPage, withExpand, type Caller } from './rest-calls';
import { group, term } from './search-syntax';

export const SEARCH_BATCH = 100;

export interface BatchRecord {
  model: string;
  space: number | null;
  expand: string[];
  keys: string[];
}

export class Loaders {
  private readonly loaders = new Map<string, DataLoader<string, Entity | null>>();
  /** Every batch the loaders ran, for tests that assert batches. */
  readonly batches: BatchRecord[] = [];

  constructor(
    private readonly caller: Caller,
    readonly cache: EntityCache,
    private readonly naive: boolean,
  ) {}

  async load(model: string, space: number | null, key: string, expand: readonly string[]): Promise<Entity | null> {
    if (!this.naive) {
      const known = this.cache.get(model, space, key, expand);
      if (known) return known;
    }
    return this.loader(model, space, expand).load(key);
  }

  private loader(model: string, space: number | null, expand: readonly string[]): DataLoader<string, Entity | null> {
    const id = `${model}|${space ?? '-'}|${expand.join(',')}`;
    let loader = this.loaders.get(id);
    if (!loader) {
      const batch = (keys: readonly string[]) => this.batch(model, space, [...expand], keys);
      loader = this.naive ? new DataLoader(batch, { batch: false, cache: false }) : new DataLoader(batch);
      this.loaders.set(id, loader);
    }
    return loader;
  }

  private async batch(model: string, space: number | null, expand: string[], keys: readonly string[]): Promise<(Entity | null | Error)[]> {
    this.batches.push({ model, space, expand, keys: [...keys] });
    const resource = resourceOf(model);
    if (resource.ops.S && !this.naive) {
      const answers = await Promise.all(searchGroups(resource, keys).map((g) => this.search(model, space, expand, g)));
      const found = new Map(answers.flat());
      return keys.map((k) => found.get(normal(resource, k)) ?? null);
    }
    return Promise.all(keys.map((key) => this.retrieve(model, space, expand, key)));
  }

  /** One search for keys under one parent (or none): `id:1 OR id:2 ...`; answers by key. */
  private async search(model: string, space: number | null, expand: string[], g: SearchGroup): Promise<[string, Entity | null | Error][]> {
    const resource = resourceOf(model);
    const numeric = resource.key.type === 'long';
    try {
      const query = group(g.ids.map((k) => term(resource.key.field, ':', numeric ? BigInt(k) : k)), 'OR');
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

  private async retrieve(model: string, space: number | null, expand: string[], key: string): Promise<Entity | null | Error> {
    const resource = resourceOf(model);
    const op = resource.ops.G;
    if (!op) return new Error(`${resource.typeName} cannot be retrieved by ${resource.key.field}`);
    const nested = resource.parent ? splitNestedKey(key) : null;
    const path = nested ? { [resource.parent!.pathParam]: nested.parent, [resource.key.pathParam]: nested.id } : { [resource.key.pathParam]: key };
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
      groups.push({ keys: chunk, ids, path: resource.parent ? { [resource.parent.pathParam]: parent } : undefined });
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
