// With introspection off, graphql's "Did you mean ...?" hints would rebuild the schema anyway: a
// misspelled field, argument, type, enum value or input field answers the right names, even to a
// request without credentials. This plugin cuts the hint from every error of validation and of
// variable coercion (execution and subscriptions), over HTTP and WebSocket alike; the rest of the
// message still says what was wrong and where.
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const HINT = /\s*Did you mean .*\?$/s;

function withoutHint<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError) || !HINT.test(error.message)) return error;
  return new GraphQLError(error.message.replace(HINT, ''), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

function resultWithoutHints(result: ExecutionResult): ExecutionResult {
  return result.errors?.some((e) => HINT.test(e.message))
    ? { ...result, errors: result.errors.map(withoutHint) }
    : result;
}

export function useNoSuggestions(): Plugin {
  return {
    onValidate() {
      return ({ result, setResult }) => {
        const errors = result as readonly Error[];
        if (errors.some((e) => HINT.test(e.message))) setResult(errors.map(withoutHint));
      };
    },
    onExecute() {
      return {
        onExecuteDone({ result, setResult }) {
          if (!(Symbol.asyncIterator in result)) setResult(resultWithoutHints(result));
        },
      };
    },
    onSubscribe() {
      return {
        onSubscribeResult({ result, setResult }) {
          if (!(Symbol.asyncIterator in result)) setResult(resultWithoutHints(result));
        },
      };
    },
  };
}
