// Resolves dotted search/sort field names of a model against the catalog's JSON schemas: scalar
// properties by their schema type, embedded objects and maps by walking into them, link fields by
// following the stored id to the linked object in the store. The walk over the schemas is planned
// once per model and name (cached); only the reading of values happens per object.
import { refName, resourceByModel, schemas, type JsonSchema, type Link } from '../../catalog';
import type { Store } from '../store';
import type { FieldAccessor, FieldResolver } from './accessor';

type Step =
  | { kind: 'property'; name: string }
  /** Follows a stored link id to the linked object (an inline object is taken as it is). */
  | { kind: 'link'; model: string }
  /** `link.id`: the stored id already is the answer, no lookup needed. */
  | { kind: 'linkKey'; key: string };

interface Plan {
  type: FieldAccessor['type'];
  values?: readonly string[];
  list: boolean;
  steps: Step[];
  /** Read through a map's key (`metaData.<any key>`): the client names it, so it is never indexed. */
  viaMapKey?: boolean;
}

const plans = new Map<string, Plan | null>();

export function fieldResolver(store: Store, model: string, space: number | null): FieldResolver {
  if (!schemas[model]) throw new Error(`fieldResolver: no schema for model ${model}`);
  return (dottedName) => {
    const cacheKey = `${model}\u0000${dottedName}`;
    let plan = plans.get(cacheKey);
    if (plan === undefined) {
      plan = planField(model, dottedName.split('.')) ?? null;
      plans.set(cacheKey, plan);
    }
    if (!plan) return undefined;
    const { steps } = plan;
    const get = (object: Record<string, unknown>): unknown => readPath(steps, object, store, space);
    // Indexed (`own`): paths the object holds itself, under names the schema gives (a map's keys are any
    // string a client sends: an index per key would grow without bound).
    const own = !plan.viaMapKey && steps.every((s) => s.kind !== 'link');
    return { type: plan.type, values: plan.values, list: plan.list, own, get };
  };
}

function linksOf(model: string | undefined): Map<string, Link> {
  return new Map((model ? (resourceByModel.get(model)?.links ?? []) : []).map((l) => [l.field, l]));
}

function planField(model: string, path: string[]): Plan | undefined {
  let schema: JsonSchema = schemas[model];
  let links = linksOf(model);
  const steps: Step[] = [];
  let viaMapKey = false;
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i];
    const isLast = i === path.length - 1;
    const link = links.get(segment);
    if (link) {
      steps.push({ kind: 'property', name: segment });
      const key = resourceByModel.get(link.model)?.key.field ?? 'id';
      // `transaction` alone, or `transaction.id`, compares the stored id.
      if (isLast || (i === path.length - 2 && path[i + 1] === key)) {
        steps.push({ kind: 'linkKey', key });
        return leafPlan(schemas[link.model]?.properties?.[key], link.many, steps);
      }
      steps.push({ kind: 'link', model: link.model });
      schema = schemas[link.model];
      links = linksOf(link.model);
      continue;
    }
    const property = propertyOf(schema, segment);
    if (!property) return undefined;
    viaMapKey ||= !(schema.properties && Object.hasOwn(schema.properties, segment));
    steps.push({ kind: 'property', name: segment });
    const element = property.type === 'array' ? property.items : property;
    const named = refName(element);
    const target = element && named ? schemas[named] : element;
    if (!target) return undefined;
    if (isObjectSchema(target)) {
      if (isLast) return undefined; // a whole embedded object is not comparable
      schema = target;
      links = linksOf(named);
      continue;
    }
    if (!isLast) return undefined;
    const plan = leafPlan(target, property.type === 'array', steps);
    return plan && { ...plan, viaMapKey };
  }
  return undefined;
}

function propertyOf(schema: JsonSchema, name: string): JsonSchema | undefined {
  const own =
    schema.properties && Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
  if (own) return own;
  // Maps (`metaData`, localized `name`): any key reads the map's value type.
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' || schema.properties !== undefined;
}

function leafPlan(schema: JsonSchema | undefined, list: boolean, steps: Step[]): Plan | undefined {
  if (!schema) return undefined;
  const target = schema.$ref ? schemas[refName(schema)!] : schema;
  if (!target) return undefined;
  if (target.enum) return { type: 'enum', values: target.enum, list, steps };
  switch (target.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: target.type, list, steps };
    case 'string':
      return {
        type: target.format === 'date-time' || target.format === 'date' ? 'date' : 'string',
        list,
        steps,
      };
    default:
      return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readPath(
  steps: Step[],
  object: Record<string, unknown>,
  store: Store,
  space: number | null,
): unknown {
  let current: unknown = object;
  for (const step of steps) {
    current = Array.isArray(current)
      ? readEach(step, current, store, space)
      : readStep(step, current, store, space);
    if (current === undefined || current === null) return undefined;
  }
  return current;
}

/** Applies a step to every element of a fanned-out path, flattening nested arrays one level. */
function readEach(step: Step, values: unknown[], store: Store, space: number | null): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    const next = readStep(step, value, store, space);
    if (Array.isArray(next)) {
      for (const e of next) if (e !== null && e !== undefined) out.push(e);
    } else if (next !== null && next !== undefined) out.push(next);
  }
  return out;
}

function readStep(step: Step, value: unknown, store: Store, space: number | null): unknown {
  switch (step.kind) {
    case 'property':
      return isRecord(value) ? value[step.name] : undefined;
    case 'linkKey':
      return isRecord(value) ? value[step.key] : value;
    case 'link':
      if (isRecord(value)) return value;
      return typeof value === 'number' || typeof value === 'string'
        ? store.get(step.model, value, space)
        : undefined;
  }
}
