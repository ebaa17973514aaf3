// Error lists bounded: identical errors (same message and code, e.g. one per alias of a refused
// field) are reported once with how often they occurred, and at most `maxErrors` reach the client.
// Ten thousand aliases once produced 2.2 MB of errors. Long quoted values inside messages (graphql-js
// repeats a refused variable's value) are cut, so no error echoes a large input.
import type { GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

interface ResultLike {
  errors?: readonly GraphQLError[];
}

const LONG_QUOTED = /"(?:[^"\\]|\\.){64,}"/g;

function shortMessage(error: GraphQLError): GraphQLError {
  if (error.message.length < 80 || error.message.search(LONG_QUOTED) < 0) return error;
  const message = error.message.replace(
    LONG_QUOTED,
    (q) => `"${q.slice(1, 21)}…" (${q.length - 2} characters)`,
  );
  return createGraphQLError(message, { nodes: error.nodes, path: error.path, extensions: error.extensions });
}

function capErrors(errors: readonly GraphQLError[], maxErrors: number): GraphQLError[] {
  const seen = new Map<string, { error: GraphQLError; count: number }>();
  for (const error of errors.map(shortMessage)) {
    const id = `${String(error.extensions?.code)}|${error.message}`;
    const known = seen.get(id);
    if (known) known.count += 1;
    else seen.set(id, { error, count: 1 });
  }
  const unique = [...seen.values()];
  const kept = unique.slice(0, maxErrors).map(({ error, count }) =>
    count === 1
      ? error
      : createGraphQLError(error.message, {
          nodes: error.nodes,
          path: error.path,
          extensions: { ...error.extensions, occurrences: count },
        }),
  );
  const left = unique.length - kept.length;
  if (left > 0)
    kept.push(
      createGraphQLError(`${left} more distinct errors left out`, {
        extensions: { code: 'TOO_MANY_ERRORS' },
      }),
    );
  return kept;
}

export function useErrorCap(maxErrors: number): Plugin {
  const cap = (result: ResultLike): ResultLike =>
    result.errors && result.errors.length > 0
      ? { ...result, errors: capErrors(result.errors, maxErrors) }
      : result;
  return {
    onResultProcess(payload) {
      const result = payload.result;
      if (Array.isArray(result)) payload.setResult(result.map(cap));
      else if (result && !(Symbol.asyncIterator in result)) payload.setResult(cap(result as ResultLike));
    },
  };
}
