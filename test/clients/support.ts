// The world client libraries meet: a sandbox, paygraph served over real HTTP (node:http on loopback,
// port 0) as `npm start` serves it, and the HTTP requests paygraph received (method, path, headers), so
// a test can say what the library sent. Between paygraph and the sandbox a recording proxy keeps the
// exact text of every REST request body (what "money sent to REST is exact" is about).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { securityConfigFromEnv } from '../../src/server/config/security-config';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RestRequest {
  method: string;
  path: string;
  body: string;
}

export interface ClientWorld {
  sandbox: RunningSandbox;
  rest: RestClient;
  app: App;
  /** The GraphQL endpoint, e.g. http://127.0.0.1:41234/graphql. */
  url: string;
  /** The first seeded space (REST id). */
  space: number;
  /** HTTP requests paygraph received, in order. */
  received: Received[];
  /** REST requests paygraph sent, with their body text as sent. */
  restRequests: RestRequest[];
  /** Another paygraph over the same sandbox, configured by `env` (closed with the world). */
  serveWith(env: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A proxy in front of the sandbox that records each request body exactly as paygraph wrote it. */
async function recordingProxy(
  target: string,
  log: RestRequest[],
): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push({ method: req.method ?? '', path: req.url ?? '', body: body.toString('utf8') });
      const headers = Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length') as [
        string,
        string,
      ][];
      fetch(`${target}${req.url ?? ''}`, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      })
        .then(async (answer) => {
          res.writeHead(
            answer.status,
            Object.fromEntries(
              [...answer.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'),
            ),
          );
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  return { origin: `http://127.0.0.1:${await listen(server)}`, server };
}

/** A client world; `env` configures paygraph's security as environment variables would. */
export async function startClientWorld(o: { env?: Record<string, string> } = {}): Promise<ClientWorld> {
  const sandbox = await startSandbox();
  const restRequests: RestRequest[] = [];
  const proxy = await recordingProxy(sandbox.origin, restRequests);
  const [user] = sandbox.users;
  const rest = createRestClient({
    baseUrl: sandbox.baseUrl.replace(sandbox.origin, proxy.origin),
    userId: user.id,
    authKey: user.key,
  });
  const received: Received[] = [];
  const servers: Server[] = [];
  const serve = async (env: Record<string, string>) => {
    const app = createApp({ rest, security: securityConfigFromEnv(env), graphiql: false });
    const server = createServer((req, res) => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      void app(req, res);
    });
    servers.push(server);
    return { app, url: `http://127.0.0.1:${await listen(server)}/graphql` };
  };
  const { app, url } = await serve(o.env ?? {});
  return {
    sandbox,
    rest,
    app,
    url,
    space: sandbox.spaces[0],
    received,
    restRequests,
    serveWith: async (env) => (await serve(env)).url,
    close: async () => {
      for (const server of servers) await closeServer(server);
      await rest.close();
      await closeServer(proxy.server);
      await sandbox.close();
    },
  };
}
