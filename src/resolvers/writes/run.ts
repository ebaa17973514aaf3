// One mutation, start to end: permission, the input read into a REST call, validation, the
// idempotency key, the one REST call (carrying the expand of the payload's selection), its outcome as
// a payload or a typed error, and forgetting what the read path held of the data before.
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationSpec } from '../../catalog';
import { RestError, RestHttpError } from '../../rest/errors';
import type { CallOptions, OperationId } from '../../rest/types';
import { mayUseSpace, mayWrite } from '../caller';
import { internalsOf, type GraphContext } from '../context';
import { expandParam } from '../expand-planner';
import { fromRestError, isMutationError, mutationError, outcomeUnknown, validationError, type MutationErrorValue } from './errors';
import { runIdempotent } from './idempotent-run';
import { createdObject, type PayloadValue } from './payload';
import { payloadExpand } from './plan';
import { buildRequest, type Input, type WriteRequest } from './request';
import { validateRequestBody } from './validate';

export type MutationOutcome = PayloadValue | MutationErrorValue;

/** Refusals that need no REST call: no write permission, a space the caller may not use. */
export function refusal(ctx: GraphContext, spec: MutationSpec, space: number | null): MutationErrorValue | null {
  // The transaction's credentials authorize a by-credentials action on their own (no inbound scope).
  if (spec.operation.byCredentials) return null;
  if (!mayWrite(ctx.caller)) return mutationError('ForbiddenError', `${spec.name}: the caller may read but not write.`);
  if (!mayUseSpace(ctx.caller, space)) return mutationError('NotFoundError', `${spec.name}: space ${String(space)} does not exist.`);
  return null;
}

/** The REST call of a mutation; its RestError is rethrown for the caller to map. */
export async function send(ctx: GraphContext, spec: MutationSpec, r: WriteRequest, expand: string[]): Promise<unknown> {
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
    return { outcome: payloadOf(spec, r, body, expand), sent: true, unknown: false };
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
    return { outcome, sent: error.attempts > 0 && !refusedCredentials, unknown: outcomeUnknown(error) };
  }
}

/** Runs a single (not bulk) mutation. */
export async function runMutation(ctx: GraphContext, info: GraphQLResolveInfo, spec: MutationSpec, input: Input): Promise<MutationOutcome> {
  const { request, problems } = buildRequest(spec, input);
  if (!request) return validationError(problems.list);
  const refused = refusal(ctx, spec, request.space);
  if (refused) return refused;
  const invalid = request.body === undefined ? [] : validateRequestBody(spec.operation.operationId, request.body);
  if (invalid.length > 0) return validationError(invalid);
  const expand = payloadExpand(info, spec);
  return runIdempotent(ctx, info, spec, input, () => execute(ctx, spec, request, expand));
}

export { isMutationError };
