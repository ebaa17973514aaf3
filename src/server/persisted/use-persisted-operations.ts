// Persisted operations over yoga's plugin, which looks a document up by its APQ hash, in two modes: apq
// and allow-list. They run after authentication (refused credentials never register anything, nor do
// requests without credentials) and after the request-size check of the query limits.
import { usePersistedOperations as useYogaPersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { GraphQLSchema } from 'graphql';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import type { Limits } from '../config/security-config';
import { outcomeOf } from '../auth/request-auth';
import { admissibleDocument, sha256Hex } from './admission';
import type { PersistedDocumentStore } from './store';

export type PersistedOperationsSetup =
  | { mode: 'apq'; store: PersistedDocumentStore; limits: Limits }
  | { mode: 'allow-list'; allowList: ReadonlyMap<string, string> };

function hashOf(params: GraphQLParams): string | undefined {
  const pq = (
    params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | undefined
  )?.persistedQuery;
  return pq?.version === 1 && typeof pq.sha256Hash === 'string' ? pq.sha256Hash : undefined;
}

const notFound = (why: string) => ({
  // Apollo clients look for this message or code, then send the query with its hash.
  message: 'PersistedQueryNotFound',
  extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', reason: why, http: { status: 200 } },
});

function mismatch(): Error {
  return createGraphQLError(
    'PersistedQueryMismatch: extensions.persistedQuery.sha256Hash is the sha256 (hex) neither of the query nor of its normalized form',
    { extensions: { code: 'PERSISTED_QUERY_MISMATCH', http: { status: 400 } } },
  );
}

/**
 * apq: a query sent with its hash (of the query as sent, or of its normalized form) is checked against
 * it and, when admissible and sent by a caller with credentials, kept within that caller's allowance.
 * Requests without credentials run their query but never register it.
 */
function useRegistration(store: PersistedDocumentStore, limits: Limits, schema: GraphQLSchema): Plugin {
  return {
    async onParams({ params, request }) {
      const hash = hashOf(params);
      if (hash === undefined || typeof params.query !== 'string') return;
      const sent = sha256Hex(params.query) === hash;
      const outcome = outcomeOf(request);
      if (sent && outcome?.kind !== 'caller') return;
      const normalized = admissibleDocument(params.query, limits, schema);
      const normalizedHash = normalized === null ? undefined : sha256Hex(normalized);
      if (!sent && normalizedHash !== hash) throw mismatch();
      if (normalized === null || outcome?.kind !== 'caller') return;
      await store.register(outcome.caller.name, hash, normalizedHash!, normalized);
    },
  };
}

/**
 * Any operation runs; one sent with its hash is kept (after the limits and validation) and later runs
 * from the hash alone, on every instance sharing the store.
 */
function apq(store: PersistedDocumentStore, limits: Limits, schema: GraphQLSchema): Plugin[] {
  return [
    useRegistration(store, limits, schema),
    useYogaPersistedOperations({
      allowArbitraryOperations: true,
      getPersistedOperation: (hash) => store.get(hash),
      customErrors: {
        notFound: notFound('no query is registered under this hash: send the query with it'),
        keyNotFound: {
          message:
            'the request has no query: send `query`, or `extensions.persistedQuery` { version: 1, sha256Hash }',
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        },
      },
    }),
  ];
}

/** Only the operations of the allow-list file run, by hash; a query text is refused. */
function allowList(documents: ReadonlyMap<string, string>): Plugin[] {
  const notAllowed = {
    message:
      'only registered operations run on this server: send `extensions.persistedQuery` { version: 1, sha256Hash } of an operation of its allow-list, without the query',
    extensions: { code: 'PERSISTED_QUERY_NOT_ALLOWED', http: { status: 400 } },
  };
  return [
    useYogaPersistedOperations({
      allowArbitraryOperations: false,
      getPersistedOperation: (hash) => documents.get(hash) ?? null,
      customErrors: {
        notFound: notFound('this hash is not on the allow-list of this server'),
        persistedQueryOnly: notAllowed,
        keyNotFound: notAllowed,
      },
    }),
  ];
}

export function usePersistedOperationsFor(setup: PersistedOperationsSetup, schema: GraphQLSchema): Plugin[] {
  return setup.mode === 'apq' ? apq(setup.store, setup.limits, schema) : allowList(setup.allowList);
}
