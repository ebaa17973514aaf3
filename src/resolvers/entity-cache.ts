// Everything that arrives from REST, at every level of expansion, kept per request with the expand
// set it was fetched with, so that a later request for the same object (with the same or a smaller
// expand set) costs no call. What wrapping a row of a model fetched with an expand set involves (its
// links, the expand set below each, their spaces) is worked out once per (model, expand set) and
// shared by every row and request, not redone per row.
import { resourceByModel, type Resource } from '../catalog';
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
  // Counted without Object.keys: this runs for every link of every row.
  let fields = 0;
  for (const key in value) if (key !== 'id' || ++fields > 1) return false;
  return fields === 1;
}

/** A link value with collapsed objects replaced by their bare ids, so both shapes read alike. */
export function bareLink(value: unknown): unknown {
  return isCollapsedLink(value) ? value.id : value;
}

export function spaceFor(model: string, space: number | null): number | null {
  return resourceByModel.get(model)?.spaceScoped ? space : null;
}

interface LinkStep {
  field: string;
  /** How the linked objects are wrapped: their model and the expand set below this link. */
  plan: WrapPlan;
  /** Whether linked objects live in the parent's space (else account-level). */
  spaceScoped: boolean;
}

interface WrapPlan {
  model: string;
  resource: Resource | undefined;
  expand: ReadonlySet<string>;
  links: LinkStep[];
}

const plans = new Map<string, WrapPlan>();
/** Distinct (model, expand set) pairs follow from the schema and the operations seen; a bound keeps hostile variety in check. */
const MAX_PLANS = 10_000;

function wrapPlan(model: string, expand: readonly string[]): WrapPlan {
  const id = `${model}|${expand.join(',')}`;
  let plan = plans.get(id);
  if (!plan) {
    const resource = resourceByModel.get(model);
    plan = { model, resource, expand: new Set(expand), links: [] };
    if (plans.size >= MAX_PLANS) plans.clear();
    plans.set(id, plan);
    // Set before the links are planned: a model may link to itself.
    plan.links = (resource?.links ?? []).map((link) => ({
      field: link.field,
      plan: wrapPlan(link.model, below(expand, link.field)),
      spaceScoped: resourceByModel.get(link.model)?.spaceScoped ?? false,
    }));
  }
  return plan;
}

export class EntityCache {
  private readonly byObject = new Map<string, Cached[]>();
  /**
   * Objects remembered but not indexed by id yet: most requests never look one up by id (a page's
   * rows are answered as they came), so building each one's id and indexing it waits for the first
   * lookup.
   */
  private pending: Entity[] = [];
  /** The plan each pending object was wrapped by (beside it, not in an object per row). */
  private pendingPlans: WrapPlan[] = [];
  /** The expand set each object arrived with, relative to it (also for objects without a key). */
  private readonly arrival = new WeakMap<Entity, ReadonlySet<string>>();

  private static id(model: string, space: number | null, key: string): string {
    const resource = resourceByModel.get(model);
    const k = resource?.key.type === 'string' ? key.toLowerCase() : key;
    return `${model}|${space ?? '-'}|${k}`;
  }

  get(model: string, space: number | null, key: string, expand: readonly string[]): Entity | undefined {
    if (this.pending.length > 0) this.indexPending();
    return this.byObject.get(EntityCache.id(model, space, key))?.find((c) => covers(c.expand, expand))
      ?.entity;
  }

  /**
   * Marks a REST object (and every expanded object inside it) as an entity and remembers each one.
   * `expand` is the set the object was fetched with, relative to it.
   */
  wrap(
    object: Record<string, unknown>,
    model: string,
    space: number | null,
    expand: readonly string[],
  ): Entity {
    return this.wrapWith(object, wrapPlan(model, expand), space);
  }

  private wrapWith(object: Record<string, unknown>, plan: WrapPlan, space: number | null): Entity {
    const entity = isEntity(object) ? object : asEntity(object, { model: plan.model, space });
    for (const step of plan.links) {
      const value = entity[step.field];
      if (value === undefined || value === null) continue;
      const targetSpace = step.spaceScoped ? space : null;
      if (Array.isArray(value))
        entity[step.field] = value.map((v) => this.wrapLink(v, step.plan, targetSpace));
      else {
        const wrapped = this.wrapLink(value, step.plan, targetSpace);
        if (wrapped !== value) entity[step.field] = wrapped;
      }
    }
    this.remember(entity, plan);
    return entity;
  }

  /** An expanded link becomes an entity; a collapsed one (`{ id }`) its bare id; a bare id stays. */
  private wrapLink(raw: unknown, plan: WrapPlan, space: number | null): unknown {
    const v = bareLink(raw);
    return typeof v === 'object' && v !== null ? this.wrapWith(v as Record<string, unknown>, plan, space) : v;
  }

  /** Forgets every object (a mutation may have changed any of them). */
  clear(): void {
    this.byObject.clear();
    this.pending = [];
    this.pendingPlans = [];
  }

  /** True when `entity` arrived expanded far enough to answer a selection that needs `want`. */
  answers(entity: Entity, want: readonly string[]): boolean {
    const have = this.arrival.get(entity);
    return have !== undefined && covers(have, want);
  }

  private remember(entity: Entity, plan: WrapPlan): void {
    this.arrival.set(entity, plan.expand);
    this.pending.push(entity);
    this.pendingPlans.push(plan);
  }

  /** Indexes the objects remembered since the last lookup, in the order they arrived. */
  private indexPending(): void {
    const [pending, plans] = [this.pending, this.pendingPlans];
    this.pending = [];
    this.pendingPlans = [];
    for (let i = 0; i < pending.length; i++) {
      const entity = pending[i];
      const plan = plans[i];
      const { model, space } = entityMeta(entity);
      const resource = model === plan.model ? plan.resource : resourceByModel.get(model);
      const key = resource ? entityKey(resource, entity) : null;
      if (key === null) continue;
      const id = EntityCache.id(model, space, key);
      const list = this.byObject.get(id);
      if (list) list.push({ expand: plan.expand, entity });
      else this.byObject.set(id, [{ expand: plan.expand, entity }]);
    }
  }
}
