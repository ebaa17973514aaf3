// graphql-request over paygraph: a typed document from graphql-codegen (with paygraph's client scalars,
// so amounts are `string`, exact) is all it needs. POST with JSON, paygraph's defaults.
import { GraphQLClient } from 'graphql-request';

export function createGraphQLRequestClient(url: string, headers: Record<string, string> = {}): GraphQLClient {
  return new GraphQLClient(url, { headers });
}
