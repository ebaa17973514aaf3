// The typed errors of mutations: one interface every error implements (`... on MutationError { code
// message }` once in a client), and one object type per kind of failure with what a client can act on.
// Values are the plain objects src/resolvers/writes makes (`kind` names the type).
import { loadCurrent, type MutationErrorKind, type MutationErrorValue } from '../../resolvers';
import { builder } from '../builder';
import { dynamicField, type FieldSpec } from '../dynamic';

export const mutationErrorRef = builder.interfaceRef<MutationErrorValue>('MutationError').implement({
  description: 'What every mutation error has: a stable machine-readable `code` and a message for people.',
  fields: (t) => ({
    message: t.string({ nullable: false, description: 'What went wrong, for people.', resolve: (e) => e.message }),
    code: t.string({ nullable: false, description: 'Stable code, e.g. VALIDATION_FAILED, VERSION_CONFLICT.', resolve: (e) => e.code }),
  }),
});

const fieldProblemRef = builder.objectRef<{ path: string; message: string }>('FieldProblem').implement({
  description: 'One invalid input field: its path in the input (`metaData`, `lineItems[2].quantity`) and what is wrong.',
  fields: (t) => ({
    path: t.string({ nullable: false, description: 'The path of the field in the input.', resolve: (p) => p.path }),
    message: t.string({ nullable: false, description: 'What is wrong with it.', resolve: (p) => p.message }),
  }),
});

type Extra = Record<string, FieldSpec<MutationErrorValue>>;

function errorType(kind: MutationErrorKind, description: string, extra: Extra = {}) {
  return builder.objectRef<MutationErrorValue>(kind).implement({
    description,
    interfaces: [mutationErrorRef],
    isTypeOf: (value) => (value as MutationErrorValue).kind === kind,
    fields: (t) => ({
      message: t.string({ nullable: false, description: 'What went wrong, for people.', resolve: (e) => e.message }),
      code: t.string({ nullable: false, description: 'Stable code, e.g. VALIDATION_FAILED, VERSION_CONFLICT.', resolve: (e) => e.code }),
      ...Object.fromEntries(Object.entries(extra).map(([name, spec]) => [name, dynamicField(t, spec)])),
    }),
  });
}

const optional = (
  type: 'Int' | 'String',
  read: (e: MutationErrorValue) => unknown,
  description: string,
): FieldSpec<MutationErrorValue> => ({
  type,
  description,
  resolve: (e) => read(e) ?? null,
});

/** Every error type, in the order result unions list them. */
export const errorTypes = [
  errorType('ValidationError', 'The input is invalid: nothing was changed. `fields` names each invalid input field.', {
    fields: {
      type: fieldProblemRef,
      list: true,
      nullable: false,
      description: 'Each invalid input field.',
      resolve: (e) => e.fields ?? [],
    },
  }),
  errorType('VersionConflictError', 'The object changed since the version the input names (optimistic locking): nothing was changed.', {
    sentVersion: optional('Int', (e) => e.sentVersion, 'The version the input named.'),
    currentVersion: {
      type: 'Int',
      description: 'The version the object has now.',
      resolve: async (e, _args, ctx) => {
        const current = await loadCurrent(ctx, e);
        return typeof current?.version === 'number' ? current.version : (e.currentVersion ?? null);
      },
    },
    current: {
      type: builder.nodeInterfaceRef(),
      description: 'The object as it is now (read once, only when selected).',
      remote: true,
      resolve: (e, _args, ctx) => loadCurrent(ctx, e),
    },
  }),
  errorType('NotFoundError', 'The object does not exist (or the caller may not see it).'),
  errorType('StateTransitionError', "The object's current state does not allow the action: nothing was changed.", {
    currentState: optional('String', (e) => e.currentState, 'The state the object is in.'),
    action: optional('String', (e) => e.action, 'The action that state does not allow.'),
  }),
  errorType('ForbiddenError', 'The caller may not do this (no write permission, or the REST user lacks it).'),
  errorType('BulkLimitError', 'REST refused a bulk request as too large; paygraph splits bulk input by its configured bulk limit.', {
    limit: optional('Int', (e) => e.limit, 'The most items REST takes in one bulk request.'),
  }),
  errorType('RateLimitedError', 'REST is limiting the request rate: try again after `retryAfterSeconds`.', {
    retryAfterSeconds: optional('Int', (e) => e.retryAfterSeconds, 'Seconds to wait before trying again.'),
  }),
  errorType(
    'UpstreamError',
    'REST failed or could not be reached. With `outcomeUnknown` the call may have been carried out: read the object before trying again.',
    {
      status: optional('Int', (e) => e.status, 'The HTTP status REST answered, if it answered.'),
      upstreamErrorId: optional('String', (e) => e.upstreamErrorId, 'The id REST gave the error (for its support).'),
      outcomeUnknown: {
        type: 'Boolean',
        nullable: false,
        description: 'Whether the call may have been carried out.',
        resolve: (e) => e.outcomeUnknown === true,
      },
    },
  ),
  errorType('IdempotencyKeyReusedError', 'The idempotency key was used before with a different input: nothing was sent.'),
  errorType(
    'IdempotencyKeyBusyError',
    'The first request with this idempotency key is still running, or may still reach REST: nothing was sent. Send the same request again after `retryAfterSeconds`.',
    { retryAfterSeconds: optional('Int', (e) => e.retryAfterSeconds, 'Seconds to wait before sending the same request again.') },
  ),
  errorType(
    'IdempotencyUnavailableError',
    'paygraph cannot check the idempotency key now (its key store, or REST to reconcile with, does not answer): nothing was sent. Send the same request again after `retryAfterSeconds`.',
    { retryAfterSeconds: optional('Int', (e) => e.retryAfterSeconds, 'Seconds to wait before sending the same request again.') },
  ),
  errorType(
    'OutcomeUnknownError',
    'The first request with this idempotency key may have been carried out, and REST cannot tell paygraph (the object carries no marker of the key): nothing was sent. Read the object before deciding; the key keeps this answer.',
  ),
];
