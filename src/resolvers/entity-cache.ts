// Everything that arrives from REST, at every level of expansion, kept per request with the expand
// set it was fetched with, so that a later request for the same object (with the same or a smaller
// expand set) costs no call.
import { resourceByModel } from '../catalog';
import { asEntity, entityMeta, isEntity, type Entity } from './entity';
import { entityKey } from './entity-key';
import { below, covers } from './expand-planner';

interface Cached {
  expand: ReadonlySet<string>;
  entity: Entity;
}

export function keyOf(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string' && value !== '') return value;
  if (isCollapsedLink(value)) return keyOf(value.id);
  return null;
}

/**
 * A link collapsed to an object holding only the linked key, `{ "id": 123 }`, as the response
 * schemas type links (and as the sandbox answers them); some deployments answer the bare id
 * instead. Both mean the same unexpanded link; an object with any other field is an expanded one.
 */
export function isCollapsedLink(value: unknown): value is { id: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'id';
}

/** A link value with collapsed objects replaced by their bare ids, so both shapes read alike. */
export function bareLink(value: unknown): unknown {
  return isCollapsedLink(value) ? value.id : value;
}

export function spaceFor(model: string, space: number | null): number | null {
  return resourceByModel.get(model)?.spaceScoped ? space : null;
}

export class EntityCache {
  private readonly byObject = new Map<string, Cached[]>();
  /** The expand set each object arrived with, relative to it (also for objects without a key). */
  private readonly arrival = new WeakMap<Entity, ReadonlySet<string>>();

  private static id(model: string, space: number | null, key: string): string {
    const resource = resourceByModel.get(model);
    const k = resource?.key.type === 'string' ? key.toLowerCase() : key;
    return `${model}|${space ?? '-'}|${k}`;
  }

  get(model: string, space: number | null, key: string, expand: readonly string[]): Entity | undefined {
    return this.byObject.get(EntityCache.id(model, space, key))?.find((c) => covers(c.expand, expand))?.entity;
  }

  /**
   * Marks a REST object (and every expanded object inside it) as an entity and remembers each one.
   * `expand` is the set the object was fetched with, relative to it.
   */
  wrap(object: Record<string, unknown>, model: string, space: number | null, expand: readonly string[]): Entity {
    const entity = isEntity(object) ? object : asEntity(object, { model, space });
    const resource = resourceByModel.get(model);
    for (const link of resource?.links ?? []) {
      const value = entity[link.field];
      const targetSpace = spaceFor(link.model, space);
      const nested = below(expand, link.field);
      const wrapOne = (raw: unknown): unknown => {
        const v = bareLink(raw);
        return typeof v === 'object' && v !== null ? this.wrap(v as Record<string, unknown>, link.model, targetSpace, nested) : v;
      };
      if (Array.isArray(value)) entity[link.field] = value.map(wrapOne);
      else entity[link.field] = wrapOne(value);
    }
    this.remember(entity, expand);
    return entity;
  }

  /** Forgets every object (a mutation may have changed any of them). */
  clear(): void {
    this.byObject.clear();
  }

  /** True when `entity` arrived expanded far enough to answer a selection that needs `want`. */
  answers(entity: Entity, want: readonly string[]): boolean {
    const have = this.arrival.get(entity);
    return have !== undefined && covers(have, want);
  }

  private remember(entity: Entity, expand: readonly string[]): void {
    this.arrival.set(entity, new Set(expand));
    const { model, space } = entityMeta(entity);
    const resource = resourceByModel.get(model);
    const key = resource ? entityKey(resource, entity) : null;
    if (key === null) return;
    const id = EntityCache.id(model, space, key);
    const list = this.byObject.get(id) ?? [];
    list.push({ expand: new Set(expand), entity });
    this.byObject.set(id, list);
  }
}
