// REST failures as GraphQL errors: a stable `extensions.code` per HTTP status, the upstream error id
// for support, and a message that names what failed. Tokens and keys never reach a RestError, and the
// message is built from the upstream's own message, so nothing secret can leak through here.
import { GraphQLError } from 'graphql';
import { operationsById } from '../catalog';
import { RestError, RestHttpError } from '../rest/errors';

export type GraphErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_ACCEPTABLE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'GONE'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'UPSTREAM_ERROR';

// An upstream 401 refuses paygraph's own REST credentials (its user id and key), not the GraphQL
// client: logging in again cannot help the client, so it is an UPSTREAM_ERROR (status 401 kept in
// extensions.status) whose message says to check paygraph's configuration. The exception are the
// operations authorized by transaction credentials the client itself passed: there a 401 is the
// client's (expired or foreign credentials), so it is UNAUTHENTICATED.
const byStatus: Record<number, GraphErrorCode> = {
  400: 'BAD_USER_INPUT',
  401: 'UPSTREAM_ERROR',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

export function codeForStatus(status: number | undefined): GraphErrorCode {
  if (status === undefined) return 'UPSTREAM_ERROR';
  return byStatus[status] ?? (status >= 400 && status < 500 ? 'BAD_USER_INPUT' : 'UPSTREAM_ERROR');
}

/** A typed error the read path raises itself (bad cursor, bad page size...). */
export function graphError(
  code: GraphErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** Whether the failed call was authorized by transaction credentials the GraphQL client gave. */
function byCredentials(error: RestError): boolean {
  return operationsById.get(error.operationId)?.byCredentials === true;
}

function restMessage(error: RestError): string {
  const upstream = error.upstream?.message;
  const fields = Object.entries(error.errors)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  const what = `REST ${error.operationId} failed${error.status ? ` with ${error.status}` : ''}`;
  const why = upstream ?? (error.code === 'REST_HTTP_STATUS' ? undefined : error.message);
  const hint =
    error.status === 401 && !byCredentials(error)
      ? "paygraph's REST user id or authentication key was refused; check paygraph's configuration"
      : undefined;
  return [what, why, fields, hint].filter(Boolean).join(': ');
}

/** Maps anything a resolver may catch to a GraphQLError; GraphQLErrors pass through unchanged. */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof RestError) {
    const status = error.status;
    const code =
      error.code === 'REST_INVALID_CALL'
        ? 'BAD_USER_INPUT'
        : status === 401 && byCredentials(error)
          ? 'UNAUTHENTICATED'
          : codeForStatus(error.code === 'REST_HTTP_STATUS' ? status : undefined);
    const extensions: Record<string, unknown> = {
      code,
      upstreamErrorId: error.upstreamId ?? null,
      status: status ?? null,
      operationId: error.operationId,
    };
    if (Object.keys(error.errors).length > 0) extensions.fields = { ...error.errors };
    if (error instanceof RestHttpError && error.retryAfterMs !== undefined)
      extensions.retryAfterMs = error.retryAfterMs;
    // No extensions.http: these are field errors, and a non-2xx status would make clients discard
    // the partial answer of every other field (one failing field never blanks its siblings).
    return new GraphQLError(restMessage(error), { extensions, originalError: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GraphQLError(message, { originalError: error instanceof Error ? error : undefined });
}

export type MaybePromise<T> = T | Promise<T>;

/** Runs a resolver body and turns whatever it throws into a GraphQLError. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGraphQLError(error);
  }
}
