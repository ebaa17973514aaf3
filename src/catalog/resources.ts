// The per-resource description: facts.json joined with the operations of openapi.json and
// the annotations. Both the sandbox and the GraphQL schema are generic code over this list.
import { readFileSync } from 'node:fs';
import { graphTypeName } from './names';
import { operations, schemas, type Operation } from './openapi';
import {
  childRelations,
  idReferences,
  keyOverrides,
  omittedByDefault,
  parentPathParams,
  fieldNameOverrides,
  type ChildRelation,
} from './annotations';

export type OpCode = 'L' | 'G' | 'S' | 'C' | 'U' | 'D';

interface FactsExtra {
  method: string;
  path: string;
  operationId: string;
}
interface FactsEntry {
  base: string;
  area: string;
  spaceScoped: boolean;
  operations: OpCode[];
  model: string | null;
  createBody: string | null;
  updateBody: string | null;
  extras: FactsExtra[];
  linkFields: { field: string; model: string; many: boolean }[];
  otherObjectFields: { field: string; model: string; many: boolean; hasId: boolean }[];
  versioned: boolean;
  stateEnum: { name: string; values: string[] } | null;
  impliedBy?: string;
}

export interface Link {
  field: string;
  model: string;
  many: boolean;
}

export interface Resource {
  base: string;
  area: string;
  /** The REST entity model, e.g. `RestCountry`. */
  model: string;
  /** The name the graph gives the model, e.g. `Country`. */
  typeName: string;
  /** The camelCase word fields about it are named by: `transaction`, `subscription`. */
  fieldName: string;
  spaceScoped: boolean;
  ops: Partial<Record<OpCode, Operation>>;
  /** How the retrieve path addresses an object. */
  key: { field: string; pathParam: string; type: 'long' | 'string' };
  /** For nested bases (`/customers/{customerId}/addresses`): the parent named in the path. */
  parent?: { pathParam: string; field: string; model: string };
  /** Link fields: come back as an id unless expanded. */
  links: Link[];
  /** Plain id fields naming another entity; not expandable. */
  references: Link[];
  /** Embedded objects that are not entities of their own. */
  embedded: { field: string; model: string; many: boolean }[];
  versioned: boolean;
  state?: { enumName: string; values: string[] };
  createBody?: string;
  updateBody?: string;
  extras: Operation[];
  omittedByDefault: string[];
  children: ChildRelation[];
}

const facts = JSON.parse(readFileSync(new URL('./facts.json', import.meta.url), 'utf8')) as FactsEntry[];

/** Finds the standard operation of one code on a base, by method and path shape. */
function standardOperation(base: string, code: OpCode, keyParam: string): Operation | undefined {
  const byId = `${base}/{${keyParam}}`;
  const want: Record<OpCode, [string, string]> = {
    L: ['GET', base],
    G: ['GET', byId],
    S: ['GET', `${base}/search`],
    C: ['POST', base],
    U: ['PATCH', byId],
    D: ['DELETE', byId],
  };
  const [method, path] = want[code];
  return operations.find((op) => op.method === method && op.path === path);
}

/** `Transaction` -> `transaction`. */
export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function toResource(entry: FactsEntry & { model: string }): Resource {
  const key = keyOverrides[entry.model] ?? { field: 'id', pathParam: 'id', type: 'long' as const };
  const ops: Partial<Record<OpCode, Operation>> = {};
  for (const code of entry.operations) {
    const op = standardOperation(entry.base, code, key.pathParam);
    if (op) ops[code] = op;
  }
  const extraIds = new Set(entry.extras.map((e) => e.operationId));
  return {
    base: entry.base,
    area: entry.area,
    model: entry.model,
    typeName: graphTypeName(entry.model),
    fieldName: fieldNameOverrides[entry.model] ?? lowerFirst(graphTypeName(entry.model)),
    spaceScoped: entry.spaceScoped,
    ops,
    key,
    parent: parentPathParams[entry.base],
    links: entry.linkFields,
    references: Object.entries(idReferences[entry.model] ?? {}).map(([field, model]) => ({
      field,
      model,
      many: false,
    })),
    embedded: entry.otherObjectFields.map(({ field, model, many }) => ({ field, model, many })),
    versioned: entry.versioned,
    state: entry.stateEnum ? { enumName: entry.stateEnum.name, values: entry.stateEnum.values } : undefined,
    createBody: entry.createBody ?? undefined,
    updateBody: entry.updateBody ?? undefined,
    extras: operations.filter((op) => extraIds.has(op.operationId)),
    omittedByDefault: omittedByDefault[entry.model] ?? [],
    children: childRelations.filter((rel) => rel.parent === entry.model),
  };
}

export const resources: Resource[] = facts
  .filter((entry): entry is FactsEntry & { model: string } => entry.model !== null && !!schemas[entry.model])
  .map(toResource);

export const resourceByModel: ReadonlyMap<string, Resource> = new Map(resources.map((r) => [r.model, r]));
export const resourceByBase: ReadonlyMap<string, Resource> = new Map(resources.map((r) => [r.base, r]));

export function resourceOf(model: string): Resource {
  const r = resourceByModel.get(model);
  if (!r) throw new Error(`no resource for model ${model}`);
  return r;
}

/** Which resource a standard operation belongs to, and as which code. */
export const standardOperationIndex: ReadonlyMap<string, { resource: Resource; code: OpCode }> = new Map(
  resources.flatMap((resource) =>
    Object.entries(resource.ops).map(
      ([code, op]) => [op.operationId, { resource, code: code as OpCode }] as const,
    ),
  ),
);

/** The resource an operation belongs to (standard or extra), if any. */
export const resourceByOperationId: ReadonlyMap<string, Resource> = new Map(
  resources.flatMap((resource) =>
    [...Object.values(resource.ops), ...resource.extras].map((op) => [op.operationId, resource] as const),
  ),
);

/** Extra (non-standard) operations that belong to no base with a model, e.g. `POST /ibans`. */
export const orphanExtras: Operation[] = facts
  .filter((entry) => entry.model === null)
  .flatMap((entry) => entry.extras.map((e) => operations.find((op) => op.operationId === e.operationId)!))
  .filter(Boolean);
