// Turns an operation into a concrete request, generically: the subject object from seeded data (or
// created for the purpose when the operation destroys it), path parameters from that object, required
// query parameters from their schemas, and a minimal valid body. Scenarios override any part.
import {
  deref,
  refName,
  resources,
  standardOperationIndex,
  type OpenApiParameter,
  type Operation,
  type Resource,
} from '../../../src/catalog';
import type { StoredObject } from '../../../src/sandbox/store';
import { linkId } from './link-schema';
import { minimalBody, minimalValue } from './minimal-body';
import type { PickFilter, PreparedRequest, World } from './world';

type Maybe<T> = T | Promise<T>;

export interface Scenario {
  /** How to choose the object the operation acts on (its key path parameter). */
  subject?: PickFilter & {
    /** Create a new object (true: through the generic create) instead of using a seeded one. */
    fresh?: true | ((world: World) => Promise<StoredObject>);
  };
  params?: (world: World, subject: StoredObject | undefined) => Maybe<Record<string, string | number>>;
  query?: (world: World, subject: StoredObject | undefined) => Maybe<PreparedRequest['query']>;
  body?: (world: World, subject: StoredObject | undefined) => Maybe<unknown>;
}

/** The resource an operation belongs to: its standard base, or the base listing it as an extra. */
export function ownerOf(op: Operation): Resource | undefined {
  return standardOperationIndex.get(op.operationId)?.resource ?? resources.find((r) => r.extras.includes(op));
}

function queryValue(param: OpenApiParameter, world: World): string | number | boolean {
  const schema = deref(param.schema);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'boolean') return false;
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (schema.format === 'date-time') return world.now.toISOString();
  return 'contract';
}

function requiredQuery(op: Operation, world: World): NonNullable<PreparedRequest['query']> {
  return Object.fromEntries(
    op.queryParams.filter((p) => p.required).map((p) => [p.name, queryValue(p, world)]),
  );
}

async function chooseSubject(op: Operation, owner: Resource | undefined, scenario: Scenario, world: World) {
  if (!owner || !op.pathParams.some((p) => p.name === owner.key.pathParam)) return undefined;
  const { fresh, ...filter } = scenario.subject ?? {};
  if (typeof fresh === 'function') return fresh(world);
  const code = standardOperationIndex.get(op.operationId)?.code;
  if (fresh || code === 'D') return world.create(owner.model);
  // Reads may share an object; anything else gets one of its own where the seed has enough.
  return code === 'G' || op.method === 'GET'
    ? world.any(owner.model, filter)
    : world.claim(owner.model, filter);
}

function pathParamsOf(
  owner: Resource | undefined,
  subject: StoredObject | undefined,
  world: World,
): Record<string, string | number> {
  if (!owner) return {};
  if (!subject) return world.parentParams(owner);
  const params: Record<string, string | number> = {
    [owner.key.pathParam]: subject[owner.key.field] as string | number,
  };
  if (owner.parent) params[owner.parent.pathParam] = linkId(subject[owner.parent.field]);
  return params;
}

/** A minimal body for the operation's request schema, aware of creates, updates and versions. */
function genericBody(
  op: Operation,
  owner: Resource | undefined,
  subject: StoredObject | undefined,
  params: Record<string, unknown>,
  world: World,
) {
  if (!op.requestBody) return undefined;
  const code = standardOperationIndex.get(op.operationId)?.code;
  const schemaName =
    code === 'C' ? owner?.createBody : code === 'U' ? owner?.updateBody : refName(op.requestBody);
  if (!schemaName) return minimalValue(op.requestBody, world);
  const body = code === 'C' && owner ? world.createBody(owner.model) : minimalBody(schemaName, world);
  if (owner?.parent && owner.parent.field in body) body[owner.parent.field] = params[owner.parent.pathParam];
  // Optimistic locking: every update of a versioned object carries its current version, even where
  // the update schema does not list the field (the specification's rule covers every update).
  const locking = 'version' in body || (code === 'U' && owner?.versioned);
  if (subject && locking && subject.version !== undefined) body.version = subject.version;
  return body;
}

export async function prepare(
  op: Operation,
  world: World,
  scenario: Scenario = {},
): Promise<PreparedRequest> {
  const owner = ownerOf(op);
  const subject = await chooseSubject(op, owner, scenario, world);
  const params = { ...pathParamsOf(owner, subject, world), ...(await scenario.params?.(world, subject)) };
  const query = { ...requiredQuery(op, world), ...(await scenario.query?.(world, subject)) };
  const body = scenario.body
    ? await scenario.body(world, subject)
    : genericBody(op, owner, subject, params, world);
  return { params, query, body };
}
