// GraphQL over WebSocket (the graphql-ws protocol) on the GraphQL path, beside yoga's built-in SSE:
// each connection is authenticated like an HTTP request (its upgrade headers, or `authorization` /
// `x-api-key` in the connection parameters), and every operation runs through yoga's envelop, so
// the same plugins (context, limits, masking) apply as over HTTP.
import type { Server } from 'node:http';
import type { DocumentNode, ExecutionArgs, GraphQLError, GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { App } from './app';
import type { Authenticator } from './security/auth';
import { recordOutcome } from './security/request-auth';

type Extra = Record<PropertyKey, unknown> & { request: Request };

/** What yoga's envelop hands out for one operation (typed here: yoga types it loosely). */
interface Envelope {
  schema: GraphQLSchema;
  parse: (source: string) => DocumentNode;
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  contextFactory: () => unknown;
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}
type RootValue = Pick<Envelope, 'execute' | 'subscribe'>;

/** The upgrade request as a fetch Request, its headers joined with what the connection parameters carry. */
function requestOf(
  url: string,
  headers: Record<string, string | string[] | undefined>,
  params: Record<string, unknown> | undefined,
): Request {
  const h = new Headers();
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') h.set(name, value);
  for (const name of ['authorization', 'x-api-key']) {
    const given = params?.[name] ?? params?.[name === 'authorization' ? 'Authorization' : 'X-Api-Key'];
    if (typeof given === 'string') h.set(name, given);
  }
  return new Request(`http://paygraph.local${url}`, { headers: h });
}

export function serveWebSocket(server: Server, app: App, authenticator: Authenticator, path: string): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server, path });
  const cleanup = useServer<Record<string, unknown> | undefined, Extra>(
    {
      execute: (args: ExecutionArgs) => (args.rootValue as RootValue).execute(args) as never,
      subscribe: (args: ExecutionArgs) => (args.rootValue as RootValue).subscribe(args) as never,
      onConnect: async (ctx) => {
        const upgrade = (ctx.extra as unknown as { request: { url?: string; headers: Record<string, string | string[] | undefined> } })
          .request;
        const request = requestOf(upgrade.url ?? path, upgrade.headers, ctx.connectionParams);
        const outcome = await authenticator.authenticate(request.headers);
        if (outcome.kind === 'refused') return false;
        recordOutcome(request, outcome);
        (ctx.extra as unknown as Extra).request = request;
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const request = (ctx.extra as unknown as Extra).request;
        const { schema, execute, subscribe, contextFactory, parse, validate } = app.getEnveloped({
          request,
          params: payload,
        }) as unknown as Envelope;
        const document = parse(payload.query);
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        const root: RootValue = { execute, subscribe };
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: (await contextFactory()) as Record<string, unknown>,
          rootValue: root,
        };
      },
    },
    wss,
  );
  return {
    close: async () => {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
