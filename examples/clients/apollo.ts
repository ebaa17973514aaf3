// Apollo Client over paygraph, as the README's "Client setup" teaches it: the possibleTypes paygraph
// generates (so `... on MutationError { code }` matches every error type, and a VersionConflictError
// fragment its per-entity types) and a field policy per connection field that pages `nodes` and
// `edges` alike (Apollo's relayStylePagination merges only `edges`: with a `nodes` selection its
// fetchMore would replace page 1 with page 2). Decimal and Long arrive as strings, exactly.
import { ApolloClient, HttpLink, InMemoryCache, type FieldPolicy, type TypePolicies } from '@apollo/client';
import introspection from './generated/possible-types';
import { connectionFields } from './generated/schema-shape';

/** One page of a connection as the cache holds it; only the fields a query selected are there. */
interface Page {
  nodes?: unknown[];
  edges?: unknown[];
  pageInfo?: {
    endCursor?: string | null;
    hasNextPage?: boolean;
    startCursor?: string | null;
    hasPreviousPage?: boolean;
  };
  [field: string]: unknown;
}

/** What identifies an item of a page: the normalized object it points at, else its JSON. */
function identity(item: unknown): string {
  const ref = (item as { __ref?: string; node?: { __ref?: string } } | null) ?? {};
  return ref.__ref ?? ref.node?.__ref ?? JSON.stringify(item);
}

/** `after` appends, `before` prepends, neither starts the list again; items already held are not repeated. */
function joined(
  existing: unknown[] | undefined,
  incoming: unknown[] | undefined,
  forward: boolean,
): unknown[] | undefined {
  if (existing === undefined || incoming === undefined) return incoming ?? existing;
  const held = new Set(existing.map(identity));
  const fresh = incoming.filter((item) => !held.has(identity(item)));
  return forward ? [...existing, ...fresh] : [...fresh, ...existing];
}

/** A field policy for one connection field: lists differ by `keyArgs` (filter, orderBy, query...), pages join. */
export function connectionPolicy(keyArgs: readonly string[]): FieldPolicy<Page> {
  return {
    keyArgs: keyArgs.length > 0 ? [...keyArgs] : false,
    merge(existing, incoming, { args }) {
      const after = typeof args?.after === 'string';
      const before = typeof args?.before === 'string';
      if (!existing || (!after && !before)) return incoming;
      const pageInfo =
        existing.pageInfo && incoming.pageInfo
          ? after
            ? {
                ...existing.pageInfo,
                endCursor: incoming.pageInfo.endCursor,
                hasNextPage: incoming.pageInfo.hasNextPage,
              }
            : {
                ...existing.pageInfo,
                startCursor: incoming.pageInfo.startCursor,
                hasPreviousPage: incoming.pageInfo.hasPreviousPage,
              }
          : (incoming.pageInfo ?? existing.pageInfo);
      return {
        ...existing,
        ...incoming,
        nodes: joined(existing.nodes, incoming.nodes, after),
        edges: joined(existing.edges, incoming.edges, after),
        pageInfo,
      };
    },
  };
}

/** paygraph's type policies: every connection field of the schema pages with connectionPolicy. */
export function paygraphTypePolicies(): TypePolicies {
  return Object.fromEntries(
    Object.entries(connectionFields).map(([typeName, fields]) => [
      typeName,
      {
        fields: Object.fromEntries(
          Object.entries(fields).map(([field, keyArgs]) => [field, connectionPolicy(keyArgs)]),
        ),
      },
    ]),
  );
}

/** The cache: paygraph's possibleTypes and type policies. */
export function paygraphCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: introspection.possibleTypes,
    typePolicies: paygraphTypePolicies(),
  });
}

export interface ApolloOptions {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql. */
  uri: string;
  /** Credentials and the like (`authorization: Bearer ...`). */
  headers?: Record<string, string>;
  /** Queries by GET (CDN-friendly); Apollo adds no header that proves a preflight, so say `apollo-require-preflight`. */
  useGETForQueries?: boolean;
  fetch?: typeof fetch;
}

export function createApolloClient(o: ApolloOptions): ApolloClient {
  const headers = o.useGETForQueries ? { 'apollo-require-preflight': 'true', ...o.headers } : o.headers;
  return new ApolloClient({
    link: new HttpLink({ uri: o.uri, headers, useGETForQueries: o.useGETForQueries, fetch: o.fetch }),
    cache: paygraphCache(),
  });
}
