// The few shapes of REST read call the read path makes, over the RestCaller, with the request's
// AbortSignal and `expand` only where the operation takes it.
import type { Operation, Resource } from '../catalog';
import type { CallOptions, OperationId, RestCaller } from '../rest/types';
import { expandParam } from './expand-planner';

export interface PageResult {
  data: Record<string, unknown>[];
  hasMore: boolean;
}

export interface Caller {
  rest: RestCaller;
  signal?: AbortSignal;
}

function takesExpand(op: Operation): boolean {
  return op.queryParams.some((p) => p.name === 'expand');
}

export function withExpand(
  op: Operation,
  query: Record<string, unknown>,
  expand: readonly string[],
): Record<string, unknown> {
  const param = expandParam(expand);
  return param.length > 0 && takesExpand(op) ? { ...query, expand: param } : query;
}

export async function callOp(
  caller: Caller,
  op: Operation,
  o: {
    space: number | null;
    path?: Record<string, string | number | bigint>;
    query?: Record<string, unknown>;
    stream?: boolean;
  },
): Promise<unknown> {
  const options: CallOptions = { signal: caller.signal };
  if (o.stream) options.stream = true;
  if (op.spaceScoped && !op.byCredentials && o.space !== null) options.space = o.space;
  if (o.path && Object.keys(o.path).length > 0) options.path = o.path;
  if (o.query && Object.keys(o.query).length > 0) options.query = o.query;
  return caller.rest.call(op.operationId as OperationId, options);
}

/** Reads `{data, hasMore}` (list and search responses) or a bare array (country states). */
export function asPage(body: unknown): PageResult {
  if (Array.isArray(body)) return { data: body as Record<string, unknown>[], hasMore: false };
  const b = (body ?? {}) as { data?: unknown; hasMore?: unknown };
  return {
    data: Array.isArray(b.data) ? (b.data as Record<string, unknown>[]) : [],
    hasMore: b.hasMore === true,
  };
}

/** Path parameters of a nested base (`/customers/{customerId}/addresses`). */
export function parentPath(
  resource: Resource,
  parentKey?: { pathParam: string; value: string | number },
): Record<string, string | number> {
  return parentKey ? { [parentKey.pathParam]: parentKey.value } : {};
}
