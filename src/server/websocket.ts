// GraphQL over WebSocket (the graphql-ws protocol) on the GraphQL path, beside yoga's built-in SSE:
// each connection is authenticated like an HTTP request (its upgrade headers, or `authorization` /
// `x-api-key` in the connection parameters), and every operation runs through yoga's envelop, so
// the same plugins (context, limits, masking, cost budget, rate limit) apply as over HTTP. The
// document size is checked before parsing as over HTTP, and a message larger than a request body
// may be is refused by the socket itself (close code 1009) before it is read as JSON.
import type { Server } from 'node:http';
import { GraphQLError, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { App } from './app';
import type { Authenticator } from './security/auth';
import type { Limits } from './security/config';
import { recordOutcome } from './security/request-auth';
import { documentTooLarge, VARIABLES_ALLOWANCE_BYTES } from './security/use-query-limits';

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

/** The document parsed, or the errors to answer (a syntax error, too many tokens). */
function parsed(parse: Envelope['parse'], query: string): DocumentNode | readonly GraphQLError[] {
  try {
    return parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
}

export function serveWebSocket(
  server: Server,
  app: App,
  authenticator: Authenticator,
  path: string,
  limits: Pick<Limits, 'maxDocumentBytes'>,
): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server, path, maxPayload: limits.maxDocumentBytes + VARIABLES_ALLOWANCE_BYTES });
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
        const tooLarge = documentTooLarge(payload.query, limits.maxDocumentBytes);
        if (tooLarge) return [tooLarge];
        const request = (ctx.extra as unknown as Extra).request;
        const { schema, execute, subscribe, contextFactory, parse, validate } = app.getEnveloped({
          request,
          params: payload,
        }) as unknown as Envelope;
        const document = parsed(parse, payload.query);
        if (!('kind' in document)) return document;
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
