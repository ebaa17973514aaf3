// Every write operation of the REST API as a mutation of the graph: its name, its kind, the resource
// it acts on, the path parameters the input must supply and the object REST answers with. Derived
// from the operations and the resources; the curated names and references live in annotations.ts.
import {
  bodyReferenceOverrides,
  byCredentialsIdModel,
  mutationNameOverrides,
  pathParamReferences,
  readOnlyWrites,
} from './annotations';
import {
  deref,
  operations,
  refName,
  schemas,
  type JsonSchema,
  type OpenApiParameter,
  type Operation,
} from './openapi';
import {
  lowerFirst,
  resourceByModel,
  resourceByOperationId,
  resources,
  standardOperationIndex,
  type Resource,
} from './resources';

export type MutationKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'action'
  | 'bulkCreate'
  | 'bulkUpdate'
  | 'bulkDelete';

export interface MutationSpec {
  /** The GraphQL field name, verb + noun: `createCustomer`, `completeTransactionOnline`. */
  name: string;
  kind: MutationKind;
  operation: Operation;
  /** The resource the operation belongs to (the object created, changed or acted on). */
  resource?: Resource;
  /** The path parameter the input's `id` fills (the acted-on object's key), if any. */
  idParam?: string;
  /** The model `id` names: the resource's, or the token of a by-credentials path. */
  idModel?: string;
  /** Extra path parameters that name an entity: parameter -> model. */
  pathReferences: Record<string, string>;
  /** The path parameter naming the parent of a nested base (`customerId`), filled from `id` or the body. */
  parentParam?: { pathParam: string; field: string; model: string };
  /** Other path parameters, each an input field of its own (`other`, `actionId`, `credentials`). */
  extraPathParams: OpenApiParameter[];
  /** Query parameters other than `expand`, each an input field. */
  queryParams: OpenApiParameter[];
  /** Whether the call accepts `expand` (the payload's selection is expanded in the write call). */
  takesExpand: boolean;
  /** The model REST answers with, when it is an object (`TransactionCompletion`); undefined for 204 and scalars. */
  resultModel?: string;
  /** Payload field of the object REST answers with (`transactionCompletion`), when it is an object. */
  resultField?: string;
  /** Payload field of the acted-on object when REST answers with another one or none (`transaction`). */
  objectField?: string;
  /** Bulk: the input field holding the items (`customers`, or `ids` for deletes). */
  bulkItemsField?: string;
  /** Bulk: the single mutation each item is (`createCustomer`); items answer its result type. */
  itemMutation?: string;
  /** The request body: an object schema whose properties are the input's fields, or an array (bulk). */
  body?: { schema: JsonSchema; model?: string; required: boolean };
}

/** Body fields that hold the REST id of another entity, by body schema: field -> model. */
function referenceTable(): Map<string, Map<string, string>> {
  const byField = new Map<string, Set<string>>();
  for (const r of resources) {
    for (const link of [...r.links, ...r.references])
      byField.set(link.field, (byField.get(link.field) ?? new Set()).add(link.model));
  }
  const table = new Map<string, Map<string, string>>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.endsWith('Create') && !/Active|Update|Pending|Request|Replacement|Details$/.test(name))
      continue;
    const refs = new Map<string, string>();
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const item = prop.items ?? prop;
      if (item.type !== 'integer' || item.format !== 'int64') continue;
      const models = byField.get(field);
      if (models?.size === 1 && field !== 'type') refs.set(field, [...models][0]);
    }
    for (const [field, model] of Object.entries(bodyReferenceOverrides[name] ?? {})) {
      if (model === null) refs.delete(field);
      else refs.set(field, model);
    }
    for (const [field, model] of refs) {
      if (!resourceByModel.has(model))
        throw new Error(`body reference ${name}.${field} names ${model}, which is no resource`);
    }
    if (refs.size > 0) table.set(name, refs);
  }
  return table;
}

/** Body schema name -> (field -> referenced model). */
export const bodyReferences: ReadonlyMap<string, ReadonlyMap<string, string>> = referenceTable();

const VERB_OF: Record<string, MutationKind> = { C: 'create', U: 'update', D: 'delete' };
const BULK_OF: Record<string, MutationKind> = {
  POST: 'bulkCreate',
  PATCH: 'bulkUpdate',
  DELETE: 'bulkDelete',
};

function kindOf(op: Operation): MutationKind {
  const standard = standardOperationIndex.get(op.operationId);
  if (standard && VERB_OF[standard.code]) return VERB_OF[standard.code];
  if (op.path.endsWith('/bulk')) return BULK_OF[op.method];
  return 'action';
}

/** The resource a bulk operation writes (`/customers/bulk` -> customers). */
function bulkResource(op: Operation): Resource | undefined {
  return resources.find((r) => `${r.base}/bulk` === op.path);
}

const fieldFor = (model: string): string => resourceByModel.get(model)?.fieldName ?? lowerFirst(model);

function specOf(op: Operation): MutationSpec {
  const kind = kindOf(op);
  const resource = kind.startsWith('bulk') ? bulkResource(op) : resourceByOperationId.get(op.operationId);
  const keyParam = resource ? `{${resource.key.pathParam}}` : undefined;
  const idParam =
    resource && keyParam && op.path.startsWith(`${resource.base}/${keyParam}`)
      ? resource.key.pathParam
      : undefined;
  const byCredentials = op.byCredentials;
  const parentParam = resource?.parent;
  const named = new Set([idParam, parentParam?.pathParam]);
  const rawBody = op.requestBody;
  const bodyModel = refName(rawBody) ?? refName(rawBody?.items);
  const resultModel = op.response ? refName(op.response.schema) : undefined;
  const idModelOf = byCredentials ? byCredentialsIdModel : idParam ? resource?.model : undefined;
  return {
    name: mutationNameOverrides[op.operationId] ?? op.operationId,
    kind,
    operation: op,
    resource,
    idParam: byCredentials ? 'id' : idParam,
    idModel: idModelOf,
    pathReferences: pathParamReferences[op.operationId] ?? {},
    parentParam,
    extraPathParams: op.pathParams.filter((p) => !named.has(p.name) && !(byCredentials && p.name === 'id')),
    queryParams: op.queryParams.filter((p) => p.name !== 'expand'),
    takesExpand: op.queryParams.some((p) => p.name === 'expand'),
    resultModel,
    resultField: resultModel ? fieldFor(resultModel) : undefined,
    // By credentials, the token acted on cannot be read: its space is unknown and reading needs a user key.
    objectField:
      idModelOf && idModelOf !== resultModel && kind !== 'delete' && !byCredentials
        ? fieldFor(idModelOf)
        : undefined,
    body: rawBody ? { schema: rawBody, model: bodyModel, required: op.requestBodyRequired } : undefined,
    ...(kind.startsWith('bulk') && resource ? bulkNames(kind, resource) : {}),
  };
}

function bulkNames(
  kind: MutationKind,
  resource: Resource,
): Pick<MutationSpec, 'bulkItemsField' | 'itemMutation'> {
  const single = { bulkCreate: 'create', bulkUpdate: 'update', bulkDelete: 'delete' }[kind as 'bulkCreate'];
  const field = resource.fieldName;
  return {
    bulkItemsField: kind === 'bulkDelete' ? 'ids' : field.endsWith('s') ? `${field}es` : `${field}s`,
    itemMutation: `${single}${resource.typeName}`,
  };
}

/** Every write operation (not GET, not a read sent as POST) as a mutation, in the order of the facts. */
export const mutationSpecs: MutationSpec[] = operations
  .filter((op) => op.method !== 'GET' && !readOnlyWrites.has(op.operationId))
  .map(specOf);

export const mutationSpecByName: ReadonlyMap<string, MutationSpec> = new Map(
  mutationSpecs.map((m) => [m.name, m]),
);

/** The properties of an object body schema (a `$ref` resolved), or none. */
export function bodyProperties(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return schema ? (deref(schema).properties ?? {}) : {};
}
