// Which errors reach clients as they are: an expected error (a typed `extensions.code`) passes with its
// code; anything else is masked by yoga's default ("Unexpected error.", code INTERNAL_SERVER_ERROR).
// Every error leaves with an `extensions.code`.
import { GraphQLError } from 'graphql';
import { maskError, type YogaMaskedErrorOpts } from 'graphql-yoga';

/**
 * Codes of expected errors (REST failures mapped by the resolvers, bad input found by the schema,
 * GraphQL validation): they pass with their code, upstream error id and status.
 */
export const EXPECTED_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'NOT_ACCEPTABLE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'GONE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'COST_LIMIT_EXCEEDED',
  'QUERY_TOO_DEEP',
  'TOO_MANY_ALIASES',
  'TOO_MANY_DIRECTIVES',
  'TOO_MANY_TOKENS',
  'TIMEOUT',
  'TOO_MANY_ERRORS',
]);

// Duck-typed, not `instanceof`: graphql-js may be loaded twice (CommonJS for libraries, ESM for
// transformed sources under the test runner), and errors from either copy must be recognised.
export function isExpectedError(error: unknown): error is GraphQLError {
  if (!(error instanceof Error) || error.name !== 'GraphQLError') return false;
  const extensions = (error as GraphQLError).extensions;
  const code = extensions?.code;
  return typeof code === 'string' && EXPECTED_CODES.has(code) && !extensions.unexpected;
}

/** Keeps the message, location, path and extensions of an expected error; drops the cause. */
function typed(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: error.extensions,
  });
}

/** What a REST failure of each code means, in words that hold nothing the upstream said. */
const PRODUCTION_MESSAGES: Record<string, string> = {
  BAD_USER_INPUT: 'the REST API refused the request as invalid',
  FORBIDDEN: 'the REST API refused access',
  NOT_FOUND: 'not found',
  CONFLICT: 'the REST API reported a conflict',
  UNPROCESSABLE: 'the REST API could not process the request',
  RATE_LIMITED: 'the REST API is rate limiting; retry later',
  UNAUTHENTICATED: 'the credentials were refused',
};

/** Extensions a production client may see of a REST failure: its code, status and upstream id. */
const PRODUCTION_EXTENSIONS = ['code', 'status', 'upstreamErrorId', 'retryAfterMs'];
const INPUT_CODES = new Set(['BAD_USER_INPUT', 'UNPROCESSABLE']);

/**
 * In production (NODE_ENV=production) an error of a REST call loses the upstream's own words: the
 * message says what kind of failure it was; the upstream error id is kept for support.
 */
function productionRestError(error: GraphQLError): GraphQLError {
  const code = String(error.extensions.code);
  const extensions = Object.fromEntries(
    PRODUCTION_EXTENSIONS.filter((k) => k in error.extensions).map((k) => [k, error.extensions[k]]),
  );
  if (INPUT_CODES.has(code) && error.extensions.fields) extensions.fields = error.extensions.fields;
  return new GraphQLError(PRODUCTION_MESSAGES[code] ?? 'the REST API call failed', {
    nodes: error.nodes,
    path: error.path,
    extensions,
  });
}

/** The code of an error that has none, by what it is: graphql-js's variable coercion, or its HTTP status. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function codeFor(error: GraphQLError): string {
  // graphql-js words every variable coercion error so ("Variable "$n" got invalid value ...").
  if (/^Variable "\$/.test(error.message)) return 'BAD_USER_INPUT';
  const status = error.extensions.http?.status;
  return (status !== undefined ? CODE_OF_STATUS[status] : undefined) ?? 'INTERNAL_SERVER_ERROR';
}

/**
 * The error with an `extensions.code`: its own, or, for one graphql-js or a plugin made without one (a
 * variable that does not fit its type, a refusal with only an HTTP status), the code its kind has in
 * GraphQL servers (BAD_USER_INPUT, BAD_REQUEST...).
 */
export function withCode(error: Error): Error {
  if (error.name !== 'GraphQLError') return error;
  const e = error as GraphQLError;
  if (typeof e.extensions?.code === 'string') return e;
  return new GraphQLError(e.message, {
    nodes: e.nodes,
    source: e.source,
    positions: e.positions,
    path: e.path,
    originalError: e.originalError ?? undefined,
    extensions: { ...e.extensions, code: codeFor(e) },
  });
}

export function createErrorMasking(o: { production: boolean }): YogaMaskedErrorOpts {
  return {
    errorMessage: 'Unexpected error.',
    maskError: (error, message, isDev) => {
      if (!isExpectedError(error)) return withCode(maskError(error, message, isDev && !o.production));
      return o.production && 'operationId' in error.extensions ? productionRestError(error) : typed(error);
    },
  };
}

export const errorMasking: YogaMaskedErrorOpts = createErrorMasking({ production: false });
