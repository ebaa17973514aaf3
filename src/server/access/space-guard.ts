// The REST caller one request's resolvers use, limited to the spaces its inbound caller may use. Every
// path into a space ends in a REST call with a `space` header or a Space id, so refusing here covers
// space(id:), node, nodes, lookups and links alike, with zero REST calls for the refused part.
import { GraphQLError } from 'graphql';
import { operationsById, resourceByOperationId, type Operation } from '../../catalog';
import { mayUseSpace, type InboundCaller } from '../../resolvers';
import type { RestHttpError } from '../../rest/errors';
import { sendOn, untypedOptions } from '../../rest/call-layer';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../rest/types';
import { guardAccountLevel, notFound } from './account-guard';
import { isAccountLevel } from './account-rules';
import { OwnedAccounts } from './owned-accounts';

const SPACE_MODEL = 'Space';

/**
 * What the REST API answers for a space that does not exist: a space the caller may not use answers
 * the same 404.
 */
export function unknownSpace(op: Operation, space: unknown): RestHttpError {
  return notFound(op, `Space ${String(space)}`);
}

function spaceIdInPath(op: Operation, options: CallOptions | undefined): unknown {
  if (resourceByOperationId.get(op.operationId)?.model !== SPACE_MODEL) return undefined;
  const path = options?.path as Record<string, unknown> | undefined;
  return path?.id;
}

function asSpaceId(value: unknown): number | null {
  const n = typeof value === 'bigint' ? Number(value) : Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Leaves out of a Space list or search the spaces the caller may not use. */
function visibleSpaces(body: unknown, caller: InboundCaller): unknown {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(rows)) return body;
  const kept = rows.filter((row: { id?: unknown }) => mayUseSpace(caller, asSpaceId(row?.id) ?? -1));
  return Array.isArray(body) ? kept : { ...(body as object), data: kept };
}

function isSpaceListing(op: Operation): boolean {
  return (
    op.method === 'GET' &&
    resourceByOperationId.get(op.operationId)?.model === SPACE_MODEL &&
    !op.path.includes('{')
  );
}

/** A request without credentials may make only the calls its transaction credentials authorize. */
function needsAuthentication(): GraphQLError {
  return new GraphQLError('this field needs authentication: send a bearer token or API key', {
    extensions: { code: 'UNAUTHENTICATED' },
  });
}

/**
 * The REST caller of a request of `caller` (undefined: no authentication ran, nothing is limited);
 * `owned` remembers the accounts owning callers' spaces (one per app). The calls no space scopes
 * (accounts, spaces themselves, reference data) follow their rule as data (account-rules), applied by
 * guardAccountLevel.
 */
export function guardRest(
  rest: RestCaller,
  caller: InboundCaller | undefined,
  anonymous = false,
  owned = new OwnedAccounts(),
): RestCaller {
  if (!caller || (caller.spaces === 'all' && !anonymous)) return rest;
  const guard = { caller, rest, owned };
  return {
    async call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
      const op = operationsById.get(operationId);
      if (!op) return rest.call(operationId, options);
      if (op.byCredentials) return rest.call(operationId, options);
      if (anonymous) throw needsAuthentication();
      const space = options?.space;
      if (space !== undefined && !mayUseSpace(caller, asSpaceId(space) ?? -1)) throw unknownSpace(op, space);
      const given = untypedOptions(options);
      const pathSpace = spaceIdInPath(op, given);
      if (pathSpace !== undefined && !mayUseSpace(caller, asSpaceId(pathSpace) ?? -1))
        throw unknownSpace(op, pathSpace);
      if (!isAccountLevel(op)) return rest.call(operationId, options);
      const send = (sent?: CallOptions) => sendOn(rest, operationId, sent);
      return guardAccountLevel(
        guard,
        op,
        given,
        send,
        (body) => (isSpaceListing(op) ? visibleSpaces(body, caller) : body) as ResultOf<Op>,
      );
    },
  };
}
