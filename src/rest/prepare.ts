// Everything decided before the first byte is sent: which operation (from the catalog), the final
// path and query string, the `space` header rule, and the serialised body. Bad input is refused
// here with a RestInvalidCallError naming the parameter, so nothing malformed reaches the network.
import { operationsById, type Operation } from '../catalog';
import { RestInvalidCallError, type RestCallInfo } from './errors';
import { stringifyJson } from './json';
import { buildPath, buildQueryString, ParameterError } from './query';
import type { CallOptions, CallScope } from './types';

export interface PreparedCall {
  op: Operation;
  /** Path and query string as sent and signed, e.g. `/api/v2.0/spaces/1?expand=account`. */
  requestPath: string;
  /** `space` header value when the operation is space-scoped. */
  space?: string;
  body?: string;
  accept: string;
  info: RestCallInfo;
  scope?: CallScope;
}

const SPACE_ID = /^[1-9]\d*$/;

function spaceHeader(op: Operation, space: CallOptions['space'], info: RestCallInfo): string | undefined {
  const given = space !== undefined && space !== null && space !== '';
  if (!op.spaceScoped || op.byCredentials) {
    if (given)
      throw new RestInvalidCallError(info, `is not space-scoped: do not pass a space`, {
        space: 'must not be given',
      });
    return undefined;
  }
  if (!given) {
    throw new RestInvalidCallError(info, 'is space-scoped: the space id is required', {
      space: 'is required',
    });
  }
  const text = typeof space === 'number' && !Number.isSafeInteger(space) ? 'invalid' : String(space);
  if (!SPACE_ID.test(text)) {
    throw new RestInvalidCallError(info, 'space must be a positive integer id', {
      space: `must be a positive integer id (got "${text.slice(0, 30)}")`,
    });
  }
  return text;
}

function serialiseBody(op: Operation, body: unknown, info: RestCallInfo): string | undefined {
  if (!op.requestBody) {
    if (body !== undefined)
      throw new RestInvalidCallError(info, 'takes no request body', { body: 'must not be given' });
    return undefined;
  }
  if (body === undefined) {
    if (op.requestBodyRequired)
      throw new RestInvalidCallError(info, 'requires a request body', { body: 'is required' });
    return undefined;
  }
  try {
    return stringifyJson(body);
  } catch (err) {
    throw new RestInvalidCallError(info, `request body: ${(err as Error).message}`, {
      body: (err as Error).message,
    });
  }
}

function asRecord(value: unknown, what: string, info: RestCallInfo): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RestInvalidCallError(info, `${what} must be an object of parameter values`, {
      [what]: 'must be an object',
    });
  }
  return value as Record<string, unknown>;
}

/** Prepares one call; `basePath` is the API prefix the client was configured with (`/api/v2.0`). */
export function prepareCall(operationId: string, options: CallOptions, basePath: string): PreparedCall {
  const op = operationsById.get(operationId);
  if (!op) {
    throw new RestInvalidCallError(
      { operationId, method: '?', path: '?' },
      'is not an operation of the REST API',
      {
        operationId: 'is unknown',
      },
    );
  }
  const info: RestCallInfo = { operationId, method: op.method, path: basePath + op.path };
  let path: string;
  let query: string;
  try {
    path = buildPath(op, asRecord(options.path, 'path', info));
    query = buildQueryString(op, asRecord(options.query, 'query', info));
  } catch (err) {
    if (err instanceof ParameterError) throw new RestInvalidCallError(info, err.message, err.errors);
    throw err;
  }
  const requestPath = basePath + path + query;
  // Transaction credentials in a path authorize calls by themselves: errors and events name the
  // route template instead, so they never carry the credentials.
  info.path = op.byCredentials ? basePath + op.path + query : requestPath;
  return {
    op,
    requestPath,
    space: spaceHeader(op, options.space, info),
    body: serialiseBody(op, options.body, info),
    accept: op.response?.contentType ?? 'application/json',
    info,
    scope: options.scope,
  };
}
