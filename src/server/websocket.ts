// GraphQL over WebSocket (graphql-ws) on the GraphQL path, beside yoga's built-in SSE. Every operation
// runs through yoga's envelop, so the same plugins apply as over HTTP; what HTTP admits before reading
// a body (a concurrency slot, the charge for a refused document) is done here per operation.
import type { IncomingMessage, Server } from 'node:http';
import { GraphQLError, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { OperationResult, SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { App } from './app';
import type { Authenticator } from './auth/authenticator';
import { admissionOf, type AppAdmission } from './admission/app-admission';
import { clientAddress } from './auth/client-address';
import type { Limits, NetworkConfig } from './config/security-config';
import { rateLimited } from './context/request-rest';
import { recordOutcome, recordSocketRequest, requesterOf } from './auth/request-auth';
import { variablesTooDeep } from './limits/input-depth';
import { documentTooLarge, maxBodyBytes } from './limits/use-query-limits';
import { refusalCost, refused } from './admission/use-rate-limit-admission';
import { CLOSE_TOO_MANY, Connection, ConnectionCounts } from './websocket-connections';

type Extra = { socket: WebSocket; request: IncomingMessage };

/** What yoga's envelop hands out for one operation (typed here: yoga types it loosely). */
interface Envelope {
  schema: GraphQLSchema;
  parse: (source: string) => DocumentNode;
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  contextFactory: () => unknown;
  execute: (args: ExecutionArgs) => OperationResult;
  subscribe: (args: ExecutionArgs) => OperationResult;
}
type RootValue = Pick<Envelope, 'execute' | 'subscribe'>;

export interface WebSocketOptions {
  path: string;
  limits: Pick<Limits, 'maxDocumentBytes' | 'maxInputDepth'>;
  network: NetworkConfig;
}

/**
 * The upgrade request as a fetch Request, its headers joined with what the connection parameters carry
 * (`authorization`, `x-api-key`): a connection is authenticated like an HTTP request.
 */
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

function expired(): GraphQLError {
  return new GraphQLError(
    'the token this connection was opened with has expired: connect again with a new one',
    {
      extensions: { code: 'UNAUTHENTICATED' },
    },
  );
}

/** A full queue of the caller's operations empties at the pace of its own operations: a second is a fair guess. */
const ADMISSION_RETRY_SECONDS = 1;

/** A slot of the requester's operations allowance, or the refusal when its queue is full. */
async function admit(
  admission: AppAdmission,
  connection: Connection,
  id: string,
): Promise<GraphQLError | null> {
  const concurrency = admission.concurrency;
  if (!concurrency) return null;
  // Waiting in the queue ends when the connection closes: nothing is answered then.
  const slot =
    concurrency.admitNow(connection.o.requester) ??
    (await concurrency.admit(connection.o.requester, connection.signal)?.catch(() => null));
  if (!slot) return rateLimited(ADMISSION_RETRY_SECONDS);
  connection.holdSlot(id, slot);
  return null;
}

/** A document refused before execution costs its requester as over HTTP (tokens, into debt). */
function charge(admission: AppAdmission, connection: Connection, query: string): void {
  const bytes = Buffer.byteLength(query, 'utf8');
  void admission.rateLimit?.spend(connection.o.requester, refusalCost(bytes), true).catch(() => undefined);
}

/** What to execute for one operation of `connection`, or the errors refusing it (before any REST call). */
async function operationArgs(
  app: App,
  admission: AppAdmission,
  limits: WebSocketOptions['limits'],
  connection: Connection,
  id: string,
  payload: SubscribePayload,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  if (connection.expired()) {
    connection.expire();
    return [expired()];
  }
  const tooLarge =
    documentTooLarge(payload.query, limits.maxDocumentBytes) ??
    variablesTooDeep(payload.variables, limits.maxInputDepth);
  if (tooLarge) {
    charge(admission, connection, payload.query);
    return [tooLarge];
  }
  const refusal = await admit(admission, connection, id);
  if (refusal) return [refusal];
  const envelope: Envelope = app.getEnveloped({ request: connection.request, params: payload });
  const { schema, execute, subscribe, contextFactory, parse, validate } = envelope;
  const document = parsed(parse, payload.query);
  const errors = 'kind' in document ? validate(schema, document) : document;
  if (errors.length > 0 || !('kind' in document)) {
    charge(admission, connection, payload.query);
    return errors;
  }
  const root: RootValue = { execute, subscribe };
  return {
    schema,
    document,
    operationName: payload.operationName,
    variableValues: payload.variables,
    contextValue: (await contextFactory()) as Record<string, unknown>,
    rootValue: root,
  };
}

export function serveWebSocket(
  server: Server,
  app: App,
  authenticator: Authenticator,
  o: WebSocketOptions,
): { close(): Promise<void> } {
  const { network } = o;
  const admission = admissionOf(app);
  const perAddress = new ConnectionCounts(network.wsConnectionsPerAddress);
  const perCaller = new ConnectionCounts(network.wsConnectionsPerCaller);
  const addresses = new WeakMap<IncomingMessage, string>();
  const connections = new WeakMap<WebSocket, Connection>();
  const wss = new WebSocketServer({
    server,
    path: o.path,
    /** A message larger than a request body may be is refused by the socket, unread (close code 1009). */
    maxPayload: maxBodyBytes(o.limits),
    // The address's cap is checked before the upgrade: a client past it gets HTTP 429 and no socket.
    verifyClient: (
      { req }: { req: IncomingMessage },
      done: (ok: boolean, status?: number, message?: string) => void,
    ) => {
      const header = network.clientAddressHeader ? req.headers[network.clientAddressHeader] : undefined;
      const address = clientAddress(
        Array.isArray(header) ? header.join(',') : header,
        req.socket.remoteAddress,
      );
      if (!perAddress.take(address))
        return done(false, 429, 'Too many WebSocket connections from this address');
      addresses.set(req, address);
      req.socket.once('close', () => perAddress.give(address));
      done(true);
    },
  });
  const connectionOf = (extra: Extra) => connections.get(extra.socket);
  const cleanup = useServer<Record<string, unknown> | undefined, Extra>(
    {
      /** PAYGRAPH_WS_INIT_TIMEOUT_MS to send `connection_init`, else graphql-ws closes with 4408. */
      connectionInitWaitTimeout: network.wsInitTimeoutMs,
      execute: (args: ExecutionArgs) => (args.rootValue as RootValue).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as RootValue).subscribe(args),
      onConnect: async ({ extra, connectionParams }) => {
        const upgrade = extra.request;
        const request = requestOf(upgrade.url ?? o.path, upgrade.headers, connectionParams);
        const outcome = await authenticator.authenticate(request.headers);
        if (outcome.kind === 'refused') return false;
        recordOutcome(request, outcome, addresses.get(upgrade));
        recordSocketRequest(request);
        const requester = requesterOf(request)!;
        if (outcome.kind === 'caller') {
          if (!perCaller.take(requester)) {
            extra.socket.close(CLOSE_TOO_MANY, 'Too many WebSocket connections for this caller');
            return false;
          }
          extra.socket.once('close', () => perCaller.give(requester));
        }
        const expiresAt = outcome.kind === 'caller' ? outcome.expiresAt : undefined;
        const connection = new Connection(extra.socket, request, {
          requester,
          idleMs: network.wsIdleTimeoutMs,
          expiresAt,
        });
        connections.set(extra.socket, connection);
        extra.socket.once('close', () => connection.dispose());
        if (connection.expired()) {
          connection.expire();
          return false;
        }
        return true;
      },
      onSubscribe: async ({ extra }, id, payload) => {
        const connection = connectionOf(extra)!;
        connection.started(id);
        const answer = await operationArgs(app, admission, o.limits, connection, id, payload);
        // Refused: ended now (graphql-ws calls no hook for an id its client completed meanwhile).
        if (Array.isArray(answer)) connection.ended(id);
        return answer;
      },
      onOperation: ({ extra }, id, payload, _args, result) => {
        const connection = connectionOf(extra)!;
        // A stream holds no slot while it runs (as an SSE response does not); a refused operation costs.
        if (Symbol.asyncIterator in (result as object)) connection.releaseSlot(id);
        else if (refused(result)) charge(admission, connection, payload.query);
      },
      onComplete: ({ extra }, id) => connectionOf(extra)?.ended(id),
      onError: ({ extra }, id) => connectionOf(extra)?.ended(id),
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
