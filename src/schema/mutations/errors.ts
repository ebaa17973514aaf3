// The typed errors of mutations: one interface every error implements, `code` an enum of every code,
// and one object type per kind of failure (a version conflict typed per entity). The types, codes and
// which mutation answers which come from the catalog (mutation-errors.ts).
import type { EnumRef, ImplementableObjectRef, InterfaceRef } from '@pothos/core';
import {
  mutationErrorRules,
  mutationErrorsOf,
  resourceOf,
  versionedModel,
  type MutationErrorType,
  type MutationSpec,
  type ResultScope,
} from '../../catalog';
import { loadCurrent, type MutationErrorValue } from '../../resolvers';
import { builder } from '../builder';
import { dynamicField, type FieldBuilder, type FieldSpec, type Output, type Types } from '../dynamic';
import { refCache } from '../ref-cache';
import { entityRef } from '../registry';

export const mutationErrorCodeRef: EnumRef<Types, string, string> = builder.enumType('MutationErrorCode', {
  description: 'The `code` of every mutation error: one per error type, stable for clients to switch on.',
  values: Object.fromEntries(
    mutationErrorRules.map((rule) => [
      rule.code,
      { value: rule.code, description: `${rule.type}: ${rule.meaning}` },
    ]),
  ),
});

const CODE_DESCRIPTION = 'Stable machine-readable code of the error type (switch on it, or on `__typename`).';
const MESSAGE_DESCRIPTION = 'What went wrong, for people.';

type Extra = Record<string, FieldSpec<MutationErrorValue>>;

function commonFields(t: FieldBuilder<MutationErrorValue>) {
  return {
    message: dynamicField<MutationErrorValue>(t, {
      type: 'String',
      nullable: false,
      description: MESSAGE_DESCRIPTION,
      resolve: (e) => e.message,
    }),
    code: dynamicField<MutationErrorValue>(t, {
      type: mutationErrorCodeRef,
      nullable: false,
      description: CODE_DESCRIPTION,
      resolve: (e) => e.code,
    }),
  };
}

function extraFields(t: FieldBuilder<MutationErrorValue>, extra: Extra) {
  return Object.fromEntries(Object.entries(extra).map(([name, spec]) => [name, dynamicField(t, spec)]));
}

/** The one interface every error implements: `... on MutationError { code message }` once in a client. */
export const mutationErrorRef = builder.interfaceRef<MutationErrorValue>('MutationError').implement({
  description: 'What every mutation error has: a stable machine-readable `code` and a message for people.',
  fields: (t) => commonFields(t),
});

const fieldProblemRef = builder.objectRef<{ path: string; message: string }>('FieldProblem').implement({
  description:
    'One invalid input field: its path in the input (`metaData`, `lineItems[2].quantity`) and what is wrong.',
  fields: (t) => ({
    path: t.string({
      nullable: false,
      description: 'The path of the field in the input.',
      resolve: (p) => p.path,
    }),
    message: t.string({ nullable: false, description: 'What is wrong with it.', resolve: (p) => p.message }),
  }),
});

const optional = (
  type: 'Int' | 'String',
  read: (e: MutationErrorValue) => unknown,
  description: string,
): FieldSpec<MutationErrorValue> => ({
  type,
  description,
  resolve: (e) => read(e) ?? null,
});

/** Values are the plain objects src/resolvers/writes makes (`kind` names the type). */
function errorType(
  kind: MutationErrorType,
  description: string,
  extra: Extra = {},
): ImplementableObjectRef<Types, MutationErrorValue> {
  const ref = builder.objectRef<MutationErrorValue>(kind);
  ref.implement({
    description,
    interfaces: [mutationErrorRef],
    isTypeOf: (value) => (value as MutationErrorValue).kind === kind,
    fields: (t) => ({ ...commonFields(t), ...extraFields(t, extra) }),
  });
  return ref;
}

/** What a version conflict carries; `current` is typed as the entity on each per-entity type. */
function conflictFields(current: Output): Extra {
  return {
    sentVersion: optional('Int', (e) => e.sentVersion, 'The version the input named.'),
    currentVersion: {
      type: 'Int',
      description: 'The version the object has now.',
      resolve: async (e, _args, ctx) => {
        const now = await loadCurrent(ctx, e);
        return typeof now?.version === 'number' ? now.version : (e.currentVersion ?? null);
      },
    },
    current: {
      type: current,
      description: 'The object as it is now (read once, only when selected).',
      remote: true,
      resolve: (e, _args, ctx) => loadCurrent(ctx, e),
    },
  };
}

const CONFLICT =
  'The object changed since the version the input names (optimistic locking): nothing was changed.';

const versionConflictRef: InterfaceRef<Types, MutationErrorValue> = builder
  .interfaceRef<MutationErrorValue>('VersionConflictError')
  .implement({
    description: `${CONFLICT} Each mutation answers the type of its own entity (\`CustomerVersionConflictError\`, whose \`current\` is a Customer).`,
    interfaces: [mutationErrorRef],
    fields: (t) => ({ ...commonFields(t), ...extraFields(t, conflictFields(builder.nodeInterfaceRef())) }),
  });

/** `CustomerVersionConflictError`: the conflict of a mutation on a Customer, `current: Customer`. */
export function versionConflictTypeName(model: string): string {
  return `${resourceOf(model).typeName}VersionConflictError`;
}

const versionConflictOf = refCache((model: string): ImplementableObjectRef<Types, MutationErrorValue> => {
  const ref = builder.objectRef<MutationErrorValue>(versionConflictTypeName(model));
  ref.implement({
    description: `${CONFLICT} \`current\` is the ${resourceOf(model).typeName} as it is now.`,
    interfaces: [mutationErrorRef, versionConflictRef],
    isTypeOf: (value) =>
      (value as MutationErrorValue).kind === 'VersionConflictError' &&
      (value as MutationErrorValue).object?.model === model,
    fields: (t) => ({ ...commonFields(t), ...extraFields(t, conflictFields(entityRef(model))) }),
  });
  return ref;
});

/** The error types other than version conflicts, by kind. */
const errorTypes: Partial<Record<MutationErrorType, ImplementableObjectRef<Types, MutationErrorValue>>> = {
  ValidationError: errorType(
    'ValidationError',
    'The input is invalid: nothing was changed. `fields` names each invalid input field.',
    {
      fields: {
        type: fieldProblemRef,
        list: true,
        nullable: false,
        description: 'Each invalid input field.',
        resolve: (e) => e.fields ?? [],
      },
    },
  ),
  NotFoundError: errorType('NotFoundError', 'The object does not exist (or the caller may not see it).'),
  StateTransitionError: errorType(
    'StateTransitionError',
    "The object's current state does not allow the action: nothing was changed.",
    {
      currentState: optional('String', (e) => e.currentState, 'The state the object is in.'),
      action: optional('String', (e) => e.action, 'The action that state does not allow.'),
    },
  ),
  ForbiddenError: errorType(
    'ForbiddenError',
    'The caller may not do this (no write permission, or the REST user lacks it).',
  ),
  BulkLimitError: errorType(
    'BulkLimitError',
    'REST refused a bulk request as too large; paygraph splits bulk input by its configured bulk limit.',
    {
      limit: optional('Int', (e) => e.limit, 'The most items REST takes in one bulk request.'),
    },
  ),
  RateLimitedError: errorType(
    'RateLimitedError',
    'REST is limiting the request rate: try again after `retryAfterSeconds`.',
    {
      retryAfterSeconds: optional('Int', (e) => e.retryAfterSeconds, 'Seconds to wait before trying again.'),
    },
  ),
  UpstreamError: errorType(
    'UpstreamError',
    'REST failed or could not be reached. With `outcomeUnknown` the call may have been carried out: read the object before trying again.',
    {
      status: optional('Int', (e) => e.status, 'The HTTP status REST answered, if it answered.'),
      upstreamErrorId: optional(
        'String',
        (e) => e.upstreamErrorId,
        'The id REST gave the error (for its support).',
      ),
      outcomeUnknown: {
        type: 'Boolean',
        nullable: false,
        description: 'Whether the call may have been carried out.',
        resolve: (e) => e.outcomeUnknown === true,
      },
    },
  ),
  IdempotencyKeyReusedError: errorType(
    'IdempotencyKeyReusedError',
    'The idempotency key was used before with a different input: nothing was sent.',
  ),
  IdempotencyKeyBusyError: errorType(
    'IdempotencyKeyBusyError',
    'The first request with this idempotency key is still running, or may still reach REST: nothing was sent. Send the same request again after `retryAfterSeconds`.',
    {
      retryAfterSeconds: optional(
        'Int',
        (e) => e.retryAfterSeconds,
        'Seconds to wait before sending the same request again.',
      ),
    },
  ),
  IdempotencyUnavailableError: errorType(
    'IdempotencyUnavailableError',
    'paygraph cannot check the idempotency key now (its key store, or REST to reconcile with, does not answer): nothing was sent. Send the same request again after `retryAfterSeconds`.',
    {
      retryAfterSeconds: optional(
        'Int',
        (e) => e.retryAfterSeconds,
        'Seconds to wait before sending the same request again.',
      ),
    },
  ),
  OutcomeUnknownError: errorType(
    'OutcomeUnknownError',
    'The first request with this idempotency key may have been carried out, and REST cannot tell paygraph (the object carries no marker of the key): nothing was sent. Read the object before deciding; the key keeps this answer.',
  ),
};

/** The error types a result of `spec` in `scope` holds, in the catalog's order. */
export function errorTypesOf(
  spec: MutationSpec,
  scope: ResultScope,
): ImplementableObjectRef<Types, MutationErrorValue>[] {
  return mutationErrorsOf(spec, scope).map((rule) => {
    if (rule.type === 'VersionConflictError') return versionConflictOf(versionedModel(spec)!);
    const ref = errorTypes[rule.type as MutationErrorType];
    if (!ref) throw new Error(`mutation error ${rule.type} has no GraphQL type`);
    return ref;
  });
}

/** The concrete type name of an error value in a result of `spec`. */
export function errorTypeName(spec: MutationSpec, e: MutationErrorValue): string {
  return e.kind === 'VersionConflictError' ? versionConflictTypeName(versionedModel(spec)!) : e.kind;
}
