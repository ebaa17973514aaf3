// Builds the read path's GraphContext per operation, carrying the request's AbortSignal, and runs
// the operation with it as the resolvers' context. Yoga merges context objects by copying, but the
// resolvers keep per-request state keyed by the context object itself, so the one made by
// createGraphContext is handed to execution unchanged.
import type { Plugin } from 'graphql-yoga';
import { createGraphContext } from '../resolvers';
import type { RestCaller } from '../rest/types';

export interface GraphContextPluginOptions {
  rest: RestCaller;
  naive?: boolean;
}

export function useGraphContext(options: GraphContextPluginOptions): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const request = (args.contextValue as { request?: Request } | undefined)?.request;
      const graph = createGraphContext({ rest: options.rest, naive: options.naive, signal: request?.signal });
      setExecuteFn((execArgs) => executeFn({ ...execArgs, contextValue: graph }));
    },
  };
}
