// Per request, per (model, space, expand set): a DataLoader that turns N keys into search calls
// `id:1 OR id:2 ...` of at most 100 keys (parallel retrievals where the resource has no search),
// answering in key order, null for a missing key and an Error for a key whose call failed.
import DataLoader from 'dataloader';
import { resourceOf } from '../catalog';
import { RestError } from '../rest/errors';
import type { Entity } from './entity';
import { EntityCache, keyOf } from './entity-cache';
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
      const chunks: string[][] = [];
      for (let i = 0; i < keys.length; i += SEARCH_BATCH) chunks.push(keys.slice(i, i + SEARCH_BATCH));
      const answers = await Promise.all(chunks.map((chunk) => this.search(model, space, expand, chunk)));
      return answers.flat();
    }
    return Promise.all(keys.map((key) => this.retrieve(model, space, expand, key)));
  }

  private async search(model: string, space: number | null, expand: string[], keys: string[]): Promise<(Entity | null | Error)[]> {
    const resource = resourceOf(model);
    const numeric = resource.key.type === 'long';
    try {
      const query = group(keys.map((k) => term(resource.key.field, ':', numeric ? BigInt(k) : k)), 'OR');
      const body = await callOp(this.caller, resource.ops.S!, {
        space,
        query: withExpand(resource.ops.S!, { query, limit: keys.length }, expand),
      });
      const found = new Map<string, Entity>();
      for (const row of asPage(body).data) {
        const entity = this.cache.wrap(row, model, space, expand);
        const key = keyOf(row[resource.key.field]);
        if (key !== null) found.set(numeric ? key : key.toLowerCase(), entity);
      }
      return keys.map((k) => found.get(numeric ? k : k.toLowerCase()) ?? null);
    } catch (error) {
      return keys.map(() => asError(error));
    }
  }

  private async retrieve(model: string, space: number | null, expand: string[], key: string): Promise<Entity | null | Error> {
    const resource = resourceOf(model);
    const op = resource.ops.G;
    if (!op) return new Error(`${resource.typeName} cannot be retrieved by ${resource.key.field}`);
    try {
      const body = await callOp(this.caller, op, { space, path: { [resource.key.pathParam]: key }, query: withExpand(op, {}, expand) });
      return this.cache.wrap(body as Record<string, unknown>, model, space, expand);
    } catch (error) {
      if (error instanceof RestError && error.status === 404) return null;
      return asError(error);
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
