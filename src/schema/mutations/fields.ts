// One Mutation field per write operation of the catalog: `name(input: <Name>Input!): <Name>Result!`,
// where the result is a union of `<Name>Payload` and every mutation error type. Payloads hold the
// object REST answered with under its type's camelCase name, the acted-on object where REST answers
// with another one or none, `deletedId` for deletes, `results` (in input order) for bulk mutations.
import type { ObjectRef, UnionRef } from '@pothos/core';
import { mutationSpecByName, mutationSpecs, resourceByModel, type MutationSpec } from '../../catalog';
import {
  deletedIdOf,
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
import { embeddedRef, entityRef } from '../registry';
import { errorTypes } from './errors';
import { mutationInput } from './inputs';

type Value = PayloadValue | BulkPayloadValue;
const resultRefs = new Map<string, UnionRef<Types, unknown, unknown>>();

function objectField(model: string, description: string): FieldSpec<PayloadValue> {
  const entity = resourceByModel.has(model);
  return {
    type: entity ? entityRef(model) : embeddedRef(model),
    description,
    remote: true,
    resolve: (p, _args, ctx, info) => (entity ? payloadObject(ctx, info, p, model) : (p.body ?? null)),
  };
}

function payloadFields(spec: MutationSpec): Record<string, FieldSpec<Value>> {
  if (spec.kind.startsWith('bulk')) {
    const item = resultRef(mutationSpecByName.get(spec.itemMutation!)!);
    return {
      results: {
        type: item,
        list: true,
        nullable: false,
        description: 'One result per input item, in input order.',
        resolve: (p) => (p as BulkPayloadValue).results,
      },
    };
  }
  const fields: Record<string, FieldSpec<PayloadValue>> = {};
  if (spec.resultModel && spec.resultField) fields[spec.resultField] = objectField(spec.resultModel, 'The object REST answered with.');
  else if (spec.operation.response) {
    fields.result = { type: 'String', description: 'What REST answered with.', resolve: (p) => plainResult(p) };
  }
  if (spec.kind === 'delete') {
    fields.deletedId = { type: 'ID', nullable: false, description: 'The global ID of the deleted object.', resolve: (p) => deletedIdOf(p) };
  } else if (spec.objectField && spec.idModel) {
    fields[spec.objectField] = objectField(spec.idModel, 'The object acted on, as it is after the mutation (read only when selected).');
  }
  if (Object.keys(fields).length === 0) {
    fields.done = { type: 'Boolean', nullable: false, description: 'Always true: REST carried the action out.', resolve: () => true };
  }
  return fields as Record<string, FieldSpec<Value>>;
}

function payloadRef(spec: MutationSpec): ObjectRef<Types, Value> {
  const fields = payloadFields(spec);
  return builder.objectRef<Value>(payloadTypeName(spec.name)).implement({
    description: `The result of a successful \`${spec.name}\`.`,
    isTypeOf: (value) => {
      const v = value as Value;
      return v.kind === 'bulkPayload' ? spec.kind.startsWith('bulk') : v.mutation === spec.name;
    },
    fields: (t) => Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, dynamicField(t, f)])),
  });
}

/** `<Name>Result`: the payload or one of the error types (made once; bulk items reuse it). */
function resultRef(spec: MutationSpec): UnionRef<Types, unknown, unknown> {
  let ref = resultRefs.get(spec.name);
  if (!ref) {
    const payload = payloadRef(spec);
    ref = builder.unionType(`${upperFirst(spec.name)}Result`, {
      description: `\`${upperFirst(spec.name)}Payload\` on success, else one of the mutation errors (each a \`MutationError\`).`,
      types: [payload, ...errorTypes] as never,
      resolveType: (value) => (isMutationError(value) ? value.kind : payloadTypeName(spec.name)),
    }) as UnionRef<Types, unknown, unknown>;
    resultRefs.set(spec.name, ref);
  }
  return ref;
}

function describe(spec: MutationSpec): string {
  const op = spec.operation;
  const bulk = spec.kind.startsWith('bulk')
    ? ' Items are sent in REST bulk calls of at most the bulk limit each, in order; a failed call fails only its items.'
    : '';
  return `REST ${op.method} ${op.path}.${bulk}`;
}

builder.mutationType({ description: 'Every write of the REST API v2.0: creates, updates, deletes, actions and bulk writes.' });

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
        resolve: (_root, args, ctx, info) => run(ctx, info, spec, args.input as Record<string, unknown>),
      });
      return [spec.name, field];
    }),
  ),
);
