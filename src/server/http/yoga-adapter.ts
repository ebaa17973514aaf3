// graphql-yoga's server behind its Fetch-API adapter, as `createYoga` makes it, with one difference:
// the adapter is told that yoga's Request is not the platform's. `createYoga` leaves the adapter to
// find that out by comparing against `globalThis.Request`, and reading that global makes Node load
// its own fetch implementation (its bundled undici, about 40 ms of a cold start) that paygraph never
// uses: yoga runs on @whatwg-node's Request, and REST calls go through undici's Pool.
import { createServerAdapter } from '@whatwg-node/server';
import { YogaServer, type YogaServerInstance, type YogaServerOptions } from 'graphql-yoga';

type Context = Record<string, unknown>;

/** `createYoga(options)`, without reading `globalThis.Request` (see above). */
export function createYogaAdapter<TServerContext extends Context, TUserContext extends Context>(
  options: YogaServerOptions<TServerContext, TUserContext>,
): YogaServerInstance<TServerContext, TUserContext> {
  const server = new YogaServer<TServerContext, TUserContext>(options);
  return createServerAdapter<TServerContext, YogaServer<TServerContext, TUserContext>>(server, {
    fetchAPI: server.fetchAPI,
    // Protected in yoga's types; `createYoga` hands the adapter the same list.
    plugins: server['plugins'],
    disposeOnProcessTerminate: options.disposeOnProcessTerminate,
    // What the adapter would conclude itself: yoga's Request on Node is @whatwg-node's, not Node's
    // (test/server/yoga-adapter.test.ts checks it).
    __useCustomAbortCtrl: true,
  });
}
