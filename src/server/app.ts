// The paygraph HTTP app: graphql-yoga over the schema, GraphiQL at /graphql with example operations,
// one GraphContext per operation (use-graph-context), expected errors typed and the rest masked
// (use-error-masking). Tests call `app.fetch(...)` in process.
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga } from 'graphql-yoga';
import type { RestCaller } from '../rest/types';
import { schema } from '../schema';
import { graphiqlOptions } from './graphiql-examples';
import { errorMasking } from './use-error-masking';
import { useGraphContext } from './use-graph-context';

export const GRAPHQL_PATH = '/graphql';

export interface AppOptions {
  rest: RestCaller;
  /** Naive resolvers: one REST retrieval per link, no expand, no batching (benchmark baseline). */
  naive?: boolean;
  /** Serve GraphiQL on GET /graphql from browsers (default true). */
  graphiql?: boolean;
}

export function createApp(o: AppOptions) {
  return createYoga({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: o.graphiql === false ? false : graphiqlOptions,
    // GraphiQL's scripts and styles are inlined into the page: it opens with no network beyond loopback.
    renderGraphiQL,
    landingPage: false,
    maskedErrors: errorMasking,
    logging: false,
    plugins: [useGraphContext({ rest: o.rest, naive: o.naive })],
  });
}

export type App = ReturnType<typeof createApp>;
