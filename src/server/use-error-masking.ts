// Which errors reach clients as they are. Expected errors carry a typed `extensions.code` (REST
// failures mapped by the resolvers, bad input found by the schema, GraphQL validation); they pass
// with their code, upstream error id and status, without the original error object. Anything else
// is unexpected and masked by yoga's default ("Unexpected error.", code INTERNAL_SERVER_ERROR).
import { GraphQLError } from 'graphql';
import { maskError, type YogaMaskedErrorOpts } from 'graphql-yoga';

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

export const errorMasking: YogaMaskedErrorOpts = {
  errorMessage: 'Unexpected error.',
  maskError: (error, message, isDev) => (isExpectedError(error) ? typed(error) : maskError(error, message, isDev)),
};
