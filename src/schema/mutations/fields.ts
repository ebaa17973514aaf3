// One Mutation field per write operation of the catalog: `name(input: <Name>Input!): <Name>Result!`, the
// result a union of `<Name>Payload` and the error types that mutation can answer (the catalog's rules,
// src/catalog/mutation-errors.ts).
import type { ObjectRef, UnionRef } from '@pothos/core';
import {
  mutationSpecByName,
  mutationSpecs,
  resourceByModel,
  type MutationSpec,
  type ResultScope,
} from '../../catalog';
import {
  deletedIdOf,
  fitOutcome,
  isMutationError,
  payloadObject,
  payloadTypeName,
  plainResult,
  runBulk,
  runMutation,
  type BulkPayloadValue,
  type PayloadValue,
} from '../../resolvers';
import { builder } from '../builder';
import { dynamicArg, dynamicField, type FieldSpec, type Types } from '../dynamic';
import { upperFirst } from '../naming';
import { refCache } from '../ref-cache';
import { embeddedRef, entityRef } from '../registry';
import { errorTypeName, errorTypesOf } from './errors';
import { mutationInput } from './inputs';

type Value = PayloadValue | BulkPayloadValue;

function objectField(model: string, description: string): FieldSpec<PayloadValue> {
  const entity = resourceByModel.has(model);
  return {
    type: entity ? entityRef(model) : embeddedRef(model),
    description,
    remote: true,
    resolve: (p, _args, ctx, info) => (entity ? payloadObject(ctx, info, p, model) : (p.body ?? null)),
  };
}

/**
 * The object REST answered with, under its type's camelCase name; the acted-on object where REST answers
 * with another one or none; `deletedId` for deletes; `results` (in input order) for bulk mutations.
 */
function payloadFields(spec: MutationSpec): Record<string, FieldSpec<Value>> {
  if (spec.kind.startsWith('bulk')) {
    return {
      results: {
        type: itemResultRef(spec),
        list: true,
        nullable: false,
        description: 'One result per input item, in input order.',
        resolve: (p) => (p as BulkPayloadValue).results.map((item) => fitOutcome(item, spec, 'bulkItem')),
      },
    };
  }
  const fields: Record<string, FieldSpec<PayloadValue>> = {};
  if (spec.resultModel && spec.resultField)
    fields[spec.resultField] = objectField(spec.resultModel, 'The object REST answered with.');
  else if (spec.operation.response) {
    fields.result = {
      type: 'String',
      description: 'What REST answered with.',
      resolve: (p) => plainResult(p),
    };
  }
  if (spec.kind === 'delete') {
    fields.deletedId = {
      type: 'ID',
      nullable: false,
      description: 'The global ID of the deleted object.',
      resolve: (p) => deletedIdOf(p),
    };
  } else if (spec.objectField && spec.idModel) {
    fields[spec.objectField] = objectField(
      spec.idModel,
      'The object acted on, as it is after the mutation (read only when selected).',
    );
  }
  if (Object.keys(fields).length === 0) {
    fields.done = {
      type: 'Boolean',
      nullable: false,
      description: 'Always true: REST carried the action out.',
      resolve: () => true,
    };
  }
  return fields as Record<string, FieldSpec<Value>>;
}

/** `<Name>Payload`, made once (a single mutation's is also its bulk items' payload). */
function payloadOf(spec: MutationSpec): ObjectRef<Types, Value> {
  return payloadRef(spec.name, spec);
}

const payloadRef = refCache((_name: string, spec: MutationSpec): ObjectRef<Types, Value> => {
  const fields = payloadFields(spec);
  return builder.objectRef<Value>(payloadTypeName(spec.name)).implement({
    description: `The result of a successful \`${spec.name}\`.`,
    isTypeOf: (value) => {
      const v = value as Value;
      return v.kind === 'bulkPayload' ? spec.kind.startsWith('bulk') : v.mutation === spec.name;
    },
    fields: (t) => Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, dynamicField(t, f)])),
  });
});

function unionOf(
  name: string,
  description: string,
  payload: ObjectRef<Types, Value>,
  spec: MutationSpec,
  scope: ResultScope,
) {
  const members: ObjectRef<Types, unknown>[] = [payload, ...errorTypesOf(spec, scope)];
  return builder.unionType(name, {
    description,
    types: members,
    resolveType: (value) => (isMutationError(value) ? errorTypeName(spec, value) : payload.name),
  });
}

/** `<Name>Result`: the payload or one of the errors the mutation can answer (made once; bulk items reuse the payload). */
const resultRefOf = refCache((_name: string, spec: MutationSpec) => {
  const Name = upperFirst(spec.name);
  return unionOf(
    `${Name}Result`,
    `\`${Name}Payload\` on success, else one of the errors this mutation can answer (each a \`MutationError\`).`,
    payloadOf(spec),
    spec,
    spec.kind.startsWith('bulk') ? 'bulk' : 'single',
  );
});

function resultRef(spec: MutationSpec): UnionRef<Types, unknown, unknown> {
  return resultRefOf(spec.name, spec);
}

/**
 * `<Bulk>ItemResult`: one item of a bulk mutation, the single mutation's payload or an error an item can
 * meet (a bulk call's BulkLimitError among them).
 */
function itemResultRef(spec: MutationSpec): UnionRef<Types, unknown, unknown> {
  const single = mutationSpecByName.get(spec.itemMutation!)!;
  const Item = `${upperFirst(single.name)}Payload`;
  return unionOf(
    `${upperFirst(spec.name)}ItemResult`,
    `One item of \`${spec.name}\`: \`${Item}\` when its bulk call wrote it, else the error it met (each a \`MutationError\`).`,
    payloadOf(single),
    spec,
    'bulkItem',
  );
}

function describe(spec: MutationSpec): string {
  const op = spec.operation;
  const bulk = spec.kind.startsWith('bulk')
    ? ' Items are sent in REST bulk calls of at most the bulk limit each, in order; a failed call fails only its items.'
    : '';
  return `REST ${op.method} ${op.path}.${bulk}`;
}

builder.mutationType({
  description: 'Every write of the REST API v2.0: creates, updates, deletes, actions and bulk writes.',
});

builder.mutationFields((t) =>
  Object.fromEntries(
    mutationSpecs.map((spec) => {
      const input = mutationInput(spec);
      const run = spec.kind.startsWith('bulk') ? runBulk : runMutation;
      const field = dynamicField<unknown>(t, {
        type: resultRef(spec),
        nullable: false,
        description: describe(spec),
        args: { input: dynamicArg(t.arg, { type: input, required: true, description: 'What to write.' }) },
        remote: true,
        resolve: async (_root, args, ctx, info) =>
          fitOutcome(
            await run(ctx, info, spec, args.input as Record<string, unknown>),
            spec,
            spec.kind.startsWith('bulk') ? 'bulk' : 'single',
          ),
      });
      return [spec.name, field];
    }),
  ),
);
