// From a mutation's input to the REST call it makes: the space, the path parameters (the acted-on
// object's key, its parent, other named objects), the query parameters and the body, with every ID
// read into a REST id. Every problem is collected and named by its input path; nothing is sent then.
import {
  bodyProperties,
  bodyReferences,
  refName,
  versionOutsideBody,
  type JsonSchema,
  type MutationSpec,
} from '../../catalog';
import type { ObjectRef } from './errors';
import { Problems, readId, readReference, readSpace, readVersion, restValue } from './ids';

export type Input = Record<string, unknown>;

export interface WriteRequest {
  space: number | null;
  path: Record<string, string | number | bigint>;
  query: Record<string, unknown>;
  body?: unknown;
  /** Body fields beyond the body schema that the REST rules ask for (`version` of an update, SPEC). */
  bodyExtras?: Input;
  /** The object acted on (updates, deletes, actions), for payloads, conflicts and cache forgetting. */
  object?: ObjectRef;
  sentVersion?: number;
}

/** Names the graph reserves in mutation inputs (never a body property). */
export const RESERVED_INPUT_FIELDS = ['id', 'space', 'idempotencyKey'];

/**
 * Where the mutation acts: the space of the `id` global ID, else the `space` input. An `id` that was
 * refused already is the one problem to fix: no second one asks for the space it would have named.
 */
function spaceOf(
  spec: MutationSpec,
  input: Input,
  idSpace: number | null | undefined,
  idRefused: boolean,
  problems: Problems,
): number | null {
  const op = spec.operation;
  if (!op.spaceScoped || op.byCredentials) return null;
  const given =
    input.space === undefined || input.space === null ? undefined : readSpace(input.space, 'space', problems);
  if (idSpace !== undefined && idSpace !== null) {
    if (given !== undefined && given !== null && given !== idSpace)
      problems.add('space', `is ${given}, but id names an object of space ${idSpace}`);
    return idSpace;
  }
  if (given === undefined) {
    if (idRefused) return null;
    const named = spec.idParam ? 'id' : spec.parentParam?.field;
    problems.add(
      'space',
      named ? `is required when ${named} is a REST id (a global ID names its space)` : 'is required',
    );
    return null;
  }
  return given;
}

const isPlainObject = (value: unknown): value is Input =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * GraphQL clients send `null` for fields they leave empty; REST reads a field it is sent as a value to
 * set. So `null` means "not given" at every level of the input (a PATCH changes only what it is sent).
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** The body of an object-bodied call: the input fields that are body properties, references read. */
export function bodyOf(
  bodyModel: string | undefined,
  props: Record<string, JsonSchema>,
  input: Input,
  space: number | null,
  problems: Problems,
  prefix = '',
): Input {
  const refs = bodyModel ? bodyReferences.get(bodyModel) : undefined;
  const body: Input = {};
  // for-in: a 250-item bulk reads a schema of some 40 properties per item, with no array of names made.
  for (const name in props) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    const model = refs?.get(name);
    // A nested object with references of its own (`subscription.subscriber`) takes global IDs there too.
    const nested = refName(props[name]);
    if (!model && nested && bodyReferences.has(nested) && isPlainObject(value)) {
      body[name] = bodyOf(nested, bodyProperties(props[name]), value, space, problems, `${prefix}${name}.`);
    } else if (model) {
      body[name] = referencesOf(model, value, space, `${prefix}${name}`, problems);
    } else body[name] = withoutNulls(value);
  }
  return body;
}

/**
 * A reference field's value, each global ID read. Apart from `bodyOf`'s loop on purpose: a closure
 * there would capture the loop's bindings, and V8 would then allocate a context for every property of
 * every item (about 600 bytes an item of a bulk), whether or not the closure is ever made.
 */
function referencesOf(model: string, value: unknown, space: number | null, path: string, problems: Problems) {
  if (!Array.isArray(value)) return readReference(model, value, space, path, problems);
  return value.map((v, i) => readReference(model, v, space, `${path}[${i}]`, problems));
}

/** The space a nested create's parent global ID names (`customer` of createCustomerComment), if any. */
function parentSpace(spec: MutationSpec, input: Input): number | null | undefined {
  if (spec.idParam || !spec.parentParam) return undefined;
  const value = input[spec.parentParam.field];
  return value === undefined || value === null
    ? undefined
    : readId(spec.parentParam.model, value, '', new Problems())?.space;
}

function actedOn(
  spec: MutationSpec,
  input: Input,
  problems: Problems,
): { key: string; space?: number | null } | null {
  if (!spec.idParam || !spec.idModel) return null;
  if (input.id === undefined || input.id === null) {
    problems.add('id', 'is required');
    return null;
  }
  return readId(spec.idModel, input.id, 'id', problems);
}

/** The REST call of a single (not bulk) mutation, or the problems of its input. */
export function buildRequest(
  spec: MutationSpec,
  input: Input,
): { request?: WriteRequest; problems: Problems } {
  const problems = new Problems();
  const target = actedOn(spec, input, problems);
  const idRefused = !!spec.idParam && target === null && input.id !== undefined && input.id !== null;
  const space = spaceOf(spec, input, target ? target.space : parentSpace(spec, input), idRefused, problems);
  const path: WriteRequest['path'] = {};
  let object: ObjectRef | undefined;
  if (target && spec.idParam && spec.idModel) {
    const [parentKey, ownKey] = target.key.includes('/') ? target.key.split('/') : [undefined, target.key];
    path[spec.idParam] = restValue(spec.idModel, ownKey);
    if (parentKey && spec.parentParam) path[spec.parentParam.pathParam] = Number(parentKey);
    object = { model: spec.idModel, space: spec.resource?.spaceScoped ? space : null, key: target.key };
  }
  for (const param of spec.extraPathParams) {
    const value = input[param.name];
    if (value === undefined || value === null) problems.add(param.name, 'is required');
    else {
      const model = spec.pathReferences[param.name];
      const read = model ? readReference(model, value, space, param.name, problems) : value;
      if (read !== null) path[param.name] = read as string | number | bigint;
    }
  }
  const query: Input = {};
  for (const param of spec.queryParams)
    if (input[param.name] !== undefined && input[param.name] !== null) query[param.name] = input[param.name];
  let body: Input | undefined;
  if (spec.body && !spec.kind.startsWith('bulk')) {
    body = bodyOf(spec.body.model, bodyProperties(spec.body.schema), input, space, problems);
    // A nested create names its parent in the body (`customer`); the path wants it too.
    if (spec.parentParam && !path[spec.parentParam.pathParam]) {
      const parent = body[spec.parentParam.field];
      if (parent === undefined || parent === null) problems.add(spec.parentParam.field, 'is required');
      else path[spec.parentParam.pathParam] = parent as number;
    }
  }
  const sentVersion = readVersion(input.version, 'version', problems);
  const bodyExtras =
    versionOutsideBody(spec) && sentVersion !== undefined ? { version: sentVersion } : undefined;
  return {
    request:
      problems.list.length > 0 ? undefined : { space, path, query, body, bodyExtras, object, sentVersion },
    problems,
  };
}
