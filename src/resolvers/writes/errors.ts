// The outcomes of a failed mutation as plain values the schema's error types read: from validation,
// from authorization, from idempotency, and from REST failures mapped by status. The kinds and their
// codes are the catalog's (mutation-errors.ts); a refusal is fitted into what the mutation's result
// can hold (fitOutcome). Messages never carry the upstream URL, a token or a key; the upstream error
// id is kept for support.
import {
  mutationErrorRules,
  mutationErrorsOf,
  type MutationErrorType,
  type MutationSpec,
  type ResultScope,
} from '../../catalog';
import { RestConnectionError, RestError, RestHttpError, RestTimeoutError } from '../../rest/errors';

/** The error kinds a mutation outcome may be (the catalog's error types). */
export type MutationErrorKind = MutationErrorType;

export const MUTATION_ERROR_KINDS: readonly MutationErrorKind[] = mutationErrorRules.map((rule) => rule.type);

const CODES = new Map(mutationErrorRules.map((rule) => [rule.type, rule.code]));

/** Where the object a conflict is about lives, so `current` can be read once when selected. */
export interface ObjectRef {
  model: string;
  space: number | null;
  key: string;
}

export interface MutationErrorValue {
  kind: MutationErrorKind;
  code: string;
  message: string;
  fields?: { path: string; message: string }[];
  sentVersion?: number;
  currentVersion?: number;
  object?: ObjectRef;
  currentState?: string;
  action?: string;
  limit?: number;
  retryAfterSeconds?: number;
  status?: number;
  upstreamErrorId?: string;
  outcomeUnknown?: boolean;
}

export function mutationError(
  kind: MutationErrorKind,
  message: string,
  extra: Partial<MutationErrorValue> = {},
): MutationErrorValue {
  return { kind, code: CODES.get(kind)!, message, ...extra };
}

export function isMutationError(value: unknown): value is MutationErrorValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    MUTATION_ERROR_KINDS.includes((value as MutationErrorValue).kind)
  );
}

export function validationError(fields: { path: string; message: string }[]): MutationErrorValue {
  const first = fields[0];
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
  return mutationError('ValidationError', `Invalid input: ${first.path}: ${first.message}${more}`, {
    fields,
  });
}

/** What a mutation knows when REST fails: which object it acted on, and the version it sent. */
export interface FailureContext {
  mutation: string;
  object?: ObjectRef;
  sentVersion?: number;
  /** The REST field holding the state of the acted-on model, when it has one. */
  stateField?: string;
}

/** Whether the call may have been carried out although no answer came (timeout, connection lost). */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof RestTimeoutError || error instanceof RestConnectionError)
    return error.mayHaveReachedServer;
  return error instanceof RestError && error.code === 'REST_ABORTED' && error.attempts > 0;
}

/** A failed REST call as the mutation's typed error; unknown outcomes say so. */
export function fromRestError(error: RestError, c: FailureContext): MutationErrorValue {
  if (outcomeUnknown(error)) {
    return mutationError(
      'UpstreamError',
      `${c.mutation}: REST's answer never arrived; the call may have been carried out. Read the object before trying again.`,
      {
        outcomeUnknown: true,
      },
    );
  }
  if (error.code !== 'REST_HTTP_STATUS') {
    return mutationError(
      'UpstreamError',
      `${c.mutation}: REST could not be called (${error.code}); nothing was changed.`,
      {
        outcomeUnknown: false,
      },
    );
  }
  return fromStatus(error.status ?? 0, c, {
    said: error.upstream?.message,
    errors: error.errors,
    upstreamErrorId: error.upstreamId,
    retryAfterMs: error instanceof RestHttpError ? error.retryAfterMs : undefined,
  });
}

/** What REST said with a refusal: its message, its field map, its error id. */
export interface Refusal {
  said?: string;
  errors: Record<string, string>;
  upstreamErrorId?: string;
  retryAfterMs?: number;
}

/** A REST refusal with `status` (of a whole call, or of one bulk item) as the mutation's typed error. */
export function fromStatus(status: number, c: FailureContext, r: Refusal): MutationErrorValue {
  const { said, upstreamErrorId } = r;
  const fields = Object.entries(r.errors).map(([path, message]) => ({
    path: path.replace(/^\(body\)$/, 'input'),
    message,
  }));
  switch (status) {
    case 400:
      return {
        ...validationError(fields.length ? fields : [{ path: 'input', message: said ?? 'refused by REST' }]),
        upstreamErrorId,
      };
    // Only by-credentials calls answer 401 for the client's part: its transaction credentials.
    case 401:
      return mutationError(
        'ForbiddenError',
        `${c.mutation}: the transaction credentials were refused (invalid or expired).`,
        {
          upstreamErrorId,
        },
      );
    case 403:
      return mutationError(
        'ForbiddenError',
        `${c.mutation}: the REST API refused permission for this action.`,
        { upstreamErrorId },
      );
    case 404:
      return mutationError('NotFoundError', `${c.mutation}: ${said ?? 'the object does not exist'}`, {
        upstreamErrorId,
      });
    // A 409 without a version sent is a conflict with the object's state (a dunning case that exists).
    case 409:
      if (c.sentVersion === undefined) {
        return mutationError(
          'StateTransitionError',
          `${c.mutation}: ${said ?? 'conflicts with the current state'}`,
          {
            action: c.mutation,
            object: c.object,
            upstreamErrorId,
          },
        );
      }
      return mutationError(
        'VersionConflictError',
        `${c.mutation}: ${said ?? 'the object was changed by someone else'}`,
        {
          object: c.object,
          sentVersion: c.sentVersion,
          upstreamErrorId,
        },
      );
    case 413:
      return mutationError(
        'BulkLimitError',
        `${c.mutation}: ${said ?? 'too many items in one bulk request'}`,
        { upstreamErrorId },
      );
    // Well-formed but refused: for the state of an object (naming it, or naming no input field), or
    // for what the input says (a field named: a business rule of the input, as ValidationError).
    case 422: {
      const currentState = stateOf(r.errors, c.stateField);
      if (currentState === undefined && fields.length > 0)
        return { ...validationError(fields), upstreamErrorId };
      return mutationError(
        'StateTransitionError',
        `${c.mutation}: ${said ?? 'not allowed in the current state'}`,
        {
          currentState,
          action: c.mutation,
          object: c.object,
          upstreamErrorId,
        },
      );
    }
    case 429:
      return mutationError(
        'RateLimitedError',
        `${c.mutation}: REST is limiting the request rate; try again later.`,
        {
          retryAfterSeconds: r.retryAfterMs !== undefined ? Math.ceil(r.retryAfterMs / 1000) : undefined,
          upstreamErrorId,
        },
      );
    default:
      return mutationError('UpstreamError', `${c.mutation}: REST answered ${status}.`, {
        status,
        upstreamErrorId,
        outcomeUnknown: status >= 500,
      });
  }
}

function stateOf(errors: Record<string, string>, stateField: string | undefined): string | undefined {
  const value = stateField ? errors[stateField] : undefined;
  return value ?? Object.values(errors).find((v) => /^[A-Z_]+$/.test(v));
}

/**
 * Where a refusal lands when the mutation's result cannot hold its kind (the catalog's rules say which
 * it can): a state refusal of an input that names no object with a life cycle is about the input.
 * Anything else keeps its words as an UpstreamError, which every result can hold.
 */
const FALLBACK: Partial<Record<MutationErrorKind, MutationErrorKind>> = {
  StateTransitionError: 'ValidationError',
};

function refit(e: MutationErrorValue, kind: MutationErrorKind): MutationErrorValue {
  if (kind === 'ValidationError')
    return {
      ...validationError(e.fields ?? [{ path: 'input', message: e.message }]),
      upstreamErrorId: e.upstreamErrorId,
    };
  return mutationError(kind, e.message, {
    status: e.status,
    upstreamErrorId: e.upstreamErrorId,
    outcomeUnknown: e.outcomeUnknown ?? false,
  });
}

/** An outcome as the result of `spec` in `scope` can hold it: payloads as they are, errors fitted. */
export function fitOutcome<T>(
  outcome: T | MutationErrorValue,
  spec: MutationSpec,
  scope: ResultScope,
): T | MutationErrorValue {
  if (!isMutationError(outcome)) return outcome;
  const allowed = new Set<string>(mutationErrorsOf(spec, scope).map((rule) => rule.type));
  if (allowed.has(outcome.kind)) return outcome;
  const fallback = FALLBACK[outcome.kind];
  return refit(outcome, fallback && allowed.has(fallback) ? fallback : 'UpstreamError');
}
