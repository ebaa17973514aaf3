// Hive Gateway serving a supergraph that holds paygraph (README "In a supergraph"):
//   npm run -s compose -- --subgraph orders=http://127.0.0.1:4001/graphql   # writes supergraph.graphql
//   npx hive-gateway supergraph supergraph.graphql --config-path examples/supergraph/gateway.config.ts
// paygraph authorizes every entity it answers itself, so the gateway hands it the caller's own
// credentials (and language and idempotency key); nothing of them goes to the other subgraphs.
import { defineConfig } from '@graphql-hive/gateway';

/** The request headers paygraph reads: credentials (jwt or api-keys mode), the language of localized text, a mutation's idempotency key. */
const FORWARDED_TO_PAYGRAPH = ['authorization', 'x-api-key', 'accept-language', 'idempotency-key'];

export const gatewayConfig = defineConfig({
  supergraph: './supergraph.graphql',
  propagateHeaders: {
    fromClientToSubgraphs: ({ request, subgraphName }) =>
      subgraphName === 'paygraph'
        ? Object.fromEntries(FORWARDED_TO_PAYGRAPH.map((name) => [name, request.headers.get(name)]))
        : {},
  },
});
