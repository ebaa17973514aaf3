// Input types of mutations, built from the REST request schemas: one `<Name>Input` per mutation with
// the REST body's fields under their REST names (flat), plus `id`, `space`, path and query parameters
// and `idempotencyKey`; nested body objects become `<Schema>Input` types. Fields naming another
// entity take its global ID or REST id (type ID).
import type { ImplementableInputObjectRef, InputObjectRef } from '@pothos/core';
import {
  bodyProperties,
  bodyReferences,
  deref,
  refName,
  resourceOf,
  type JsonSchema,
  type MutationSpec,
  type OpenApiParameter,
  versionOutsideBody,
} from '../../catalog';
import { RESERVED_INPUT_FIELDS } from '../../resolvers';
import { builder } from '../builder';
import { dynamicInputField, type Input, type InputSpec, type Types } from '../dynamic';
import { upperFirst } from '../naming';
import { refCache } from '../ref-cache';
import { enumRef } from '../registry';
import { shapeOf } from '../shapes';

type Fields = Record<string, InputSpec>;
type Ref = InputObjectRef<Types, Record<string, unknown>>;

function inputObject(name: string, description: string, fields: () => Fields): Ref {
  return builder.inputType(name, {
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields()).map(([field, spec]) => [field, dynamicInputField(t, spec)]),
      ),
  });
}

/** `AddressCreate` -> the input type `AddressCreateInput`, made once. */
const nestedInput = refCache((schemaName: string): Ref => {
  const schema = { $ref: `#/components/schemas/${schemaName}` };
  const required = new Set(deref(schema).required ?? []);
  const ref: ImplementableInputObjectRef<Types, Record<string, unknown>> = builder.inputRef<
    Record<string, unknown>
  >(`${schemaName}Input`);
  return ref.implement({
    description: `REST ${schemaName}.`,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(propertyFields(schemaName, bodyProperties(schema), required)).map(([f, s]) => [
          f,
          dynamicInputField(t, s),
        ]),
      ),
  });
});

/** Whether a nested schema has anything a client may write (some are read-only views of entities). */
function writable(schemaName: string): boolean {
  return Object.values(bodyProperties({ $ref: `#/components/schemas/${schemaName}` })).some(
    (p) => !p.readOnly,
  );
}

/** The GraphQL input type of one JSON schema value. */
function typeOf(schema: JsonSchema): { type: Input; list: boolean } {
  const { shape, list } = shapeOf(schema);
  if (shape.kind === 'enum') return { type: enumRef(shape.name), list };
  // An object with nothing writable (a read-only view of another object) is passed as REST JSON.
  if (shape.kind === 'object')
    return { type: writable(shape.model) ? nestedInput(shape.model) : 'JSONObject', list };
  return { type: shape.scalar, list };
}

/** Input fields for the properties of a body schema (read-only ones left out). */
export function propertyFields(
  schemaName: string | undefined,
  props: Record<string, JsonSchema>,
  required: ReadonlySet<string>,
): Fields {
  const refs = schemaName ? bodyReferences.get(schemaName) : undefined;
  const fields: Fields = {};
  for (const [name, prop] of Object.entries(props)) {
    if (prop.readOnly) continue;
    const target = refs?.get(name);
    const typed = target ? { type: 'ID' as Input, list: prop.type === 'array' } : typeOf(prop);
    const description = target
      ? `${prop.description ? `${prop.description} ` : ''}A ${resourceOf(target).typeName} global ID or REST id.`
      : (prop.description ?? `REST \`${name}\`.`);
    fields[name] = { ...typed, required: required.has(name), description };
  }
  return fields;
}

function paramField(param: OpenApiParameter, model: string | undefined): InputSpec {
  const typed = model ? { type: 'ID' as Input, list: false } : typeOf(param.schema);
  const what = model
    ? `A ${resourceOf(model).typeName} global ID or REST id.`
    : (param.schema.description ?? `REST parameter \`${param.name}\`.`);
  return { ...typed, required: param.required ?? false, description: what };
}

function add(fields: Fields, name: string, spec: InputSpec, mutation: string): void {
  if (fields[name]) throw new Error(`${mutation}: input field ${name} would be defined twice`);
  fields[name] = spec;
}

const idempotencyKey: InputSpec = {
  type: 'String',
  description:
    'Sending the same key again (with the same input) returns the first result without running the mutation again.',
};

function spaceField(spec: MutationSpec): InputSpec | undefined {
  const op = spec.operation;
  if (!op.spaceScoped || op.byCredentials) return undefined;
  const named = spec.idParam ? 'id' : spec.parentParam?.field;
  if (named)
    return {
      type: 'ID',
      description: `The space (REST id or Space global ID); needed only when \`${named}\` is a REST id.`,
    };
  return {
    type: 'ID',
    required: true,
    description: 'The space to act in: a REST space id or a Space global ID.',
  };
}

function singleFields(spec: MutationSpec): Fields {
  const fields: Fields = {};
  if (spec.idParam && spec.idModel) {
    const typeName = resourceOf(spec.idModel).typeName;
    add(
      fields,
      'id',
      {
        type: 'ID',
        required: true,
        description: `The ${typeName}: its global ID (or REST id, with \`space\`).`,
      },
      spec.name,
    );
  }
  const space = spaceField(spec);
  if (space) add(fields, 'space', space, spec.name);
  for (const p of spec.extraPathParams)
    add(fields, p.name, paramField(p, spec.pathReferences[p.name]), spec.name);
  for (const p of spec.queryParams) add(fields, p.name, paramField(p, undefined), spec.name);
  if (spec.body) {
    const schema = deref(spec.body.schema);
    const body = propertyFields(
      spec.body.model,
      bodyProperties(spec.body.schema),
      new Set(spec.body.required ? (schema.required ?? []) : []),
    );
    for (const [name, field] of Object.entries(body)) {
      if (RESERVED_INPUT_FIELDS.includes(name))
        throw new Error(`${spec.name}: body property ${name} clashes with a reserved input field`);
      add(fields, name, field, spec.name);
    }
  }
  if (versionOutsideBody(spec)) {
    add(
      fields,
      'version',
      {
        type: 'Int',
        required: true,
        description: 'The version the change is based on (optimistic locking).',
      },
      spec.name,
    );
  }
  return fields;
}

function bulkFields(spec: MutationSpec): Fields {
  const typeName = spec.resource!.typeName;
  const items = spec.bulkItemsField!;
  const fields: Fields = { space: spaceField({ ...spec, idParam: undefined })! };
  if (spec.kind === 'bulkDelete') {
    fields[items] = {
      type: 'ID',
      list: true,
      required: true,
      description: `The ${typeName} objects to delete (global IDs or REST ids).`,
    };
    return fields;
  }
  const itemSchema = refName(spec.body!.schema.items)!;
  const itemType =
    spec.kind === 'bulkCreate'
      ? nestedInput(itemSchema)
      : inputObject(
          `${upperFirst(spec.name)}ItemInput`,
          `One ${typeName} to update: its id, its version and the fields to change.`,
          () => ({
            id: { type: 'ID', required: true, description: `The ${typeName}: its global ID or REST id.` },
            ...propertyFields(
              itemSchema,
              bodyProperties(spec.body!.schema.items),
              new Set(deref(spec.body!.schema.items!).required ?? []),
            ),
          }),
        );
  fields[items] = {
    type: itemType,
    list: true,
    required: true,
    description: `Any number of items; sent in REST bulk calls of at most the bulk limit each, in order.`,
  };
  return fields;
}

/** The `<Name>Input` type of a mutation. */
export function mutationInput(spec: MutationSpec): Ref {
  const fields = spec.kind.startsWith('bulk') ? bulkFields(spec) : singleFields(spec);
  add(fields, 'idempotencyKey', idempotencyKey, spec.name);
  const op = spec.operation;
  return inputObject(
    `${upperFirst(spec.name)}Input`,
    `Input of \`${spec.name}\` (REST ${op.method} ${op.path}).`,
    () => fields,
  );
}
