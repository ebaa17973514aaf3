// One mutation, start to end: permission, the input read into a REST call, validation, the
// idempotency key (and the marker it leaves on the object, to reconcile with REST), the one REST call
// (carrying the expand of the payload's selection), its outcome as a payload or a typed error,
// forgetting what the read path held of the data before, and waking the live watches of what changed.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import { RestError, RestHttpError } from '../../rest/errors';
import type { CallOptions, OperationId } from '../../rest/types';
import { mayUseSpace, mayWrite } from '../caller';
import { internalsOf, type GraphContext } from '../context';
import { expandParam } from '../expand-planner';
import {
  fromRestError,
  isMutationError,
  mutationError,
  outcomeUnknown,
  validationError,
  type MutationErrorValue,
} from './errors';
import { runIdempotent, type KeyedWrite, type Reconciliation } from './idempotent-run';
import { findMarked, markerFieldOf, reconciliationOf, stamp } from './marker';
import { noteWrite } from './notify';
import { createdObject, type PayloadValue } from './payload';
import { payloadExpand } from './plan';
import { buildRequest, type Input, type WriteRequest } from './request';
import { validateRequestBody } from './validate';

export type MutationOutcome = PayloadValue | MutationErrorValue;

/** Refusals that need no REST call: no write permission, a space the caller may not use. */
export function refusal(
  ctx: GraphContext,
  spec: MutationSpec,
  space: number | null,
): MutationErrorValue | null {
  // The transaction's credentials authorize a by-credentials action on their own (no inbound scope).
  if (spec.operation.byCredentials) return null;
  if (!mayWrite(ctx.caller))
    return mutationError('ForbiddenError', `${spec.name}: the caller may read but not write.`);
  if (!mayUseSpace(ctx.caller, space))
    return mutationError('NotFoundError', `${spec.name}: space ${String(space)} does not exist.`);
  return null;
}

/** The REST call of a mutation; its RestError is rethrown for the caller to map. */
export async function send(
  ctx: GraphContext,
  spec: MutationSpec,
  r: WriteRequest,
  expand: string[],
): Promise<unknown> {
  const options: CallOptions = { signal: ctx.signal };
  if (r.space !== null) options.space = r.space;
  if (Object.keys(r.path).length > 0) options.path = r.path;
  const query = expand.length > 0 && spec.takesExpand ? { ...r.query, expand: expandParam(expand) } : r.query;
  if (Object.keys(query).length > 0) options.query = query;
  if (r.body !== undefined) options.body = r.bodyExtras ? { ...(r.body as object), ...r.bodyExtras } : r.body;
  return internalsOf(ctx).caller.rest.call(spec.operation.operationId as OperationId, options);
}

function payloadOf(spec: MutationSpec, r: WriteRequest, body: unknown, expand: string[]): PayloadValue {
  const created = spec.kind === 'create' ? createdObject(spec, body, r.space) : undefined;
  return {
    kind: 'payload',
    mutation: spec.name,
    body,
    expand,
    resultModel: spec.resultModel,
    space: r.space,
    object: r.object ?? created,
    deleted: spec.kind === 'delete',
  };
}

/** Sends the call and turns its answer into the outcome to store and return. */
async function execute(
  ctx: GraphContext,
  spec: MutationSpec,
  r: WriteRequest,
  expand: string[],
): Promise<{ outcome: MutationOutcome; sent: boolean; unknown: boolean }> {
  try {
    const body = await send(ctx, spec, r, expand);
    const outcome = payloadOf(spec, r, body, expand);
    noteWrite(ctx, spec, r, outcome.object);
    return { outcome, sent: true, unknown: false };
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    const outcome = fromRestError(error, {
      mutation: spec.name,
      object: r.object,
      sentVersion: r.sentVersion,
      stateField: spec.resource?.state ? 'state' : undefined,
    });
    // REST refusing the credentials (401) carried nothing out: the key is not kept for that outcome.
    const refusedCredentials = error instanceof RestHttpError && error.status === 401;
    const sent = error.attempts > 0 && !refusedCredentials;
    if (sent) noteWrite(ctx, spec, r, r.object);
    return { outcome, sent, unknown: outcomeUnknown(error) };
  }
}

/** A versioned update sent with its version (REST refuses a stale one: 409) and a delete (404 once done) cannot be applied twice by REST itself. */
function guardedByRest(spec: MutationSpec, r: WriteRequest): boolean {
  return reconciliationOf(spec) === 'guarded' && (spec.kind === 'delete' || r.sentVersion !== undefined);
}

/** The write under an idempotency key's marker: stamped where the object can carry it, and how REST reconciles it. */
function keyedWrite(
  ctx: GraphContext,
  spec: MutationSpec,
  r: WriteRequest,
  expand: string[],
  marker: string | undefined,
) {
  const field = marker === undefined ? undefined : markerFieldOf(spec);
  let reconcile: Reconciliation<MutationOutcome> = { kind: 'none' };
  if (field && marker !== undefined && r.body !== undefined) {
    const stamped = stamp(field, r.body as Input, marker);
    if ('problem' in stamped) return validationError([stamped.problem]);
    if ('body' in stamped) {
      r = { ...r, body: stamped.body };
      const marked = r;
      reconcile = {
        kind: 'marker',
        find: async () => {
          const found = await findMarked(ctx, spec, marked, stamped.marking, expand);
          return found ? payloadOf(spec, marked, found, expand) : null;
        },
      };
    }
  } else if (marker !== undefined && guardedByRest(spec, r)) {
    reconcile = {
      kind: 'guarded',
      deleted: spec.kind === 'delete' ? payloadOf(spec, r, undefined, expand) : undefined,
    };
  }
  const write: KeyedWrite<MutationOutcome> = { send: () => execute(ctx, spec, r, expand), reconcile };
  return write;
}

/** Runs a single (not bulk) mutation. */
export async function runMutation(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  spec: MutationSpec,
  input: Input,
): Promise<MutationOutcome> {
  const { request, problems } = buildRequest(spec, input);
  if (!request) return validationError(problems.list);
  const refused = refusal(ctx, spec, request.space);
  if (refused) return refused;
  const invalid =
    request.body === undefined ? [] : validateRequestBody(spec.operation.operationId, request.body);
  if (invalid.length > 0) return validationError(invalid);
  const expand = payloadExpand(ctx, info, spec);
  return runIdempotent(ctx, info, spec, input, (marker) => keyedWrite(ctx, spec, request, expand, marker));
}

export { isMutationError };
