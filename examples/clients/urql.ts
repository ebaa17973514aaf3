// urql with graphcache over paygraph, as the README's "Client setup" teaches it: urql's defaults (queries
// by GET within the URL limit, mutations by POST) and graphcache told what it cannot guess: the schema
// paygraph generates as minified introspection (exact matching of MutationError and the result unions
// on reads and writes, instead of "heuristic fragment matching"; possibleTypes alone fixes reads, 67 KB
// instead of 340 KB; 4 KB and 17 KB gzipped), the object types without an id (values kept inside their parent, so graphcache
// does not warn about a missing key) and relayPagination on every connection field (it joins `nodes`
// and `edges` pages). Decimal and Long arrive as strings, exactly.
import { Client, fetchExchange } from '@urql/core';
import {
  cacheExchange,
  type CacheExchangeOpts,
  type KeyingConfig,
  type ResolverConfig,
} from '@urql/exchange-graphcache';
import { relayPagination } from '@urql/exchange-graphcache/extras';
import { connectionFields, keylessTypes } from './generated/schema-shape';
import schema from './generated/urql-schema';

/** graphcache's configuration for paygraph; `logger` and the rest may be added by the caller. */
export function paygraphGraphcache(): Pick<CacheExchangeOpts, 'schema' | 'keys' | 'resolvers'> {
  const keys: KeyingConfig = Object.fromEntries(keylessTypes.map((type) => [type, () => null]));
  const resolvers: ResolverConfig = Object.fromEntries(
    Object.entries(connectionFields).map(([typeName, fields]) => [
      typeName,
      Object.fromEntries(Object.keys(fields).map((field) => [field, relayPagination()])),
    ]),
  );
  return { schema, keys, resolvers };
}

export interface UrqlOptions {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql. */
  url: string;
  /** Credentials and the like (`authorization: Bearer ...`). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** graphcache's logger (its warnings, such as heuristic fragment matching). */
  logger?: CacheExchangeOpts['logger'];
}

export function createUrqlClient(o: UrqlOptions): Client {
  return new Client({
    url: o.url,
    fetch: o.fetch,
    fetchOptions: o.headers ? { headers: o.headers } : undefined,
    exchanges: [cacheExchange({ ...paygraphGraphcache(), logger: o.logger }), fetchExchange],
  });
}
