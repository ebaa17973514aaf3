// The typed errors of mutations, as data: each error type with its code and the rule saying which
// mutations can answer it. The schema builds each `<Name>Result` union and the `MutationErrorCode`
// enum from this one list; the resolvers derive their error kinds and codes from it.
import { bodyProperties, bodyReferences, type MutationSpec } from './mutations';
import { reconciliationOf } from './reconciliation';
import { resourceByModel } from './resources';

/** Where a result stands: a mutation's own result, a bulk mutation's, or one item of a bulk mutation. */
export type ResultScope = 'single' | 'bulk' | 'bulkItem';

export interface MutationErrorRule {
  /** The GraphQL type (`ValidationError`), also the `kind` of the resolvers' error values. */
  type: string;
  /** The value of `code` (`VALIDATION_FAILED`), a value of the MutationErrorCode enum. */
  code: string;
  /** What the code means, for the enum value's description. */
  meaning: string;
  /** Which results can hold this error. */
  answers: (spec: MutationSpec, scope: ResultScope) => boolean;
}

/** The models a mutation names: the object acted on, its parent, path and body references. */
export function modelsNamed(spec: MutationSpec): string[] {
  const refs = spec.body?.model ? [...(bodyReferences.get(spec.body.model)?.values() ?? [])] : [];
  return [spec.idModel, spec.parentParam?.model, ...Object.values(spec.pathReferences), ...refs].filter(
    (m): m is string => !!m,
  );
}

/**
 * SPEC: an update of a versioned object carries its `version` (optimistic locking), even where the
 * body schema of openapi.json leaves it out (SubscriptionUpdateRequest). The input asks for it there too.
 */
export function versionOutsideBody(spec: MutationSpec): boolean {
  return (
    spec.kind === 'update' &&
    spec.resource?.versioned === true &&
    !!spec.body &&
    !('version' in bodyProperties(spec.body.schema))
  );
}

/** Whether the input (or each bulk item) carries a `version` that REST checks (409 on a mismatch). */
export function takesVersion(spec: MutationSpec): boolean {
  const props = spec.kind.startsWith('bulk')
    ? bodyProperties(spec.body?.schema.items)
    : bodyProperties(spec.body?.schema);
  return 'version' in props || versionOutsideBody(spec);
}

/** The entity a version conflict of this mutation is about: the object acted on (or each bulk item). */
export function versionedModel(spec: MutationSpec): string | undefined {
  return takesVersion(spec) ? (spec.idModel ?? spec.resource?.model) : undefined;
}

/** Whether the mutation acts on, or names, an object with a life cycle: REST may refuse it for that state. */
function touchesState(spec: MutationSpec): boolean {
  return modelsNamed(spec).some((model) => resourceByModel.get(model)?.state);
}

const always = (): boolean => true;
/** Every mutation takes an idempotency key, for the whole of a bulk mutation (not per item). */
const keyed = (_spec: MutationSpec, scope: ResultScope): boolean => scope !== 'bulkItem';
/** What a REST call answers: a single mutation's call, or the bulk call an item went in. */
const restCalled = (_spec: MutationSpec, scope: ResultScope): boolean => scope !== 'bulk';
/** Every mutation runs in a space or names an object; a bulk item names its own too. */
const namesObjects = (spec: MutationSpec): boolean =>
  spec.operation.spaceScoped || modelsNamed(spec).length > 0;

/**
 * Every error type, in the order result unions list them. A new error type is one entry here, with
 * the rule of the mutations that can answer it.
 */
export const mutationErrorRules = [
  {
    type: 'ValidationError',
    code: 'VALIDATION_FAILED',
    meaning: 'The input is invalid; nothing was changed.',
    answers: always,
  },
  {
    type: 'VersionConflictError',
    code: 'VERSION_CONFLICT',
    meaning: 'The object changed since the version the input names; nothing was changed.',
    answers: (spec, scope) => scope !== 'bulk' && takesVersion(spec),
  },
  {
    type: 'NotFoundError',
    code: 'NOT_FOUND',
    meaning: 'An object (or the space) the input names does not exist, or the caller may not see it.',
    answers: namesObjects,
  },
  {
    type: 'StateTransitionError',
    code: 'STATE_TRANSITION_REFUSED',
    meaning: 'The state of an object the mutation acts on does not allow it; nothing was changed.',
    answers: (spec, scope) => scope !== 'bulk' && touchesState(spec),
  },
  {
    type: 'ForbiddenError',
    code: 'FORBIDDEN',
    meaning: 'The caller (or the REST user) may not do this.',
    answers: always,
  },
  {
    type: 'BulkLimitError',
    code: 'BULK_LIMIT_EXCEEDED',
    meaning: "REST refused a bulk call as too large (paygraph's bulk limit is above the API's).",
    answers: (_spec, scope) => scope === 'bulkItem',
  },
  {
    type: 'RateLimitedError',
    code: 'RATE_LIMITED',
    meaning: 'The request rate is limited; try again later.',
    answers: restCalled,
  },
  {
    type: 'UpstreamError',
    code: 'UPSTREAM_ERROR',
    meaning: 'REST failed or could not be reached.',
    answers: always,
  },
  {
    type: 'IdempotencyKeyReusedError',
    code: 'IDEMPOTENCY_KEY_REUSED',
    meaning: 'The idempotency key was used before with another input; nothing was sent.',
    answers: keyed,
  },
  {
    type: 'IdempotencyKeyBusyError',
    code: 'IDEMPOTENCY_KEY_BUSY',
    meaning:
      'The first request with this idempotency key is still running, or may still reach REST; nothing was sent.',
    answers: keyed,
  },
  {
    type: 'IdempotencyUnavailableError',
    code: 'IDEMPOTENCY_UNAVAILABLE',
    meaning:
      'The idempotency key cannot be checked now (its store, or REST to reconcile with, does not answer); nothing was sent.',
    answers: keyed,
  },
  {
    type: 'OutcomeUnknownError',
    code: 'OUTCOME_UNKNOWN',
    meaning:
      'The first request with this idempotency key may have been carried out and REST cannot tell; read the object first.',
    answers: (spec, scope) => keyed(spec, scope) && reconciliationOf(spec) === 'none',
  },
] as const satisfies readonly MutationErrorRule[];

/** The name of an error type (the `kind` of an error value). */
export type MutationErrorType = (typeof mutationErrorRules)[number]['type'];

/**
 * The error rules of one result, in union order: the resolvers fit a refusal REST gave into what the
 * mutation can answer.
 */
export function mutationErrorsOf(spec: MutationSpec, scope: ResultScope): readonly MutationErrorRule[] {
  return mutationErrorRules.filter((rule: MutationErrorRule) => rule.answers(spec, scope));
}
