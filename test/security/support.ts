// One real sandbox and REST client per test file; apps built over them with a chosen authenticator
// and security configuration; GraphQL over the app's fetch; REST calls counted by the sandbox itself
// (its /__admin/requests counter), so "zero REST calls" means nothing reached the REST API.
import { createRestClient, type RestClient } from '../../src/rest';
import type { RestCaller } from '../../src/rest/types';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { apiKeyAuthenticator, generateApiKey, hashApiKey, parseKeysFile } from '../../src/server/security/api-keys';
import type { Authenticator } from '../../src/server/security/auth';
import { securityConfigFromEnv, type SecurityConfig } from '../../src/server/security/config';

export interface World {
  sandbox: RunningSandbox;
  rest: RestClient;
  close(): Promise<void>;
}

export async function startWorld(options: SandboxOptions = {}): Promise<World> {
  const sandbox = await startSandbox(options);
  const [user] = sandbox.users;
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  return {
    sandbox,
    rest,
    close: async () => {
      await rest.close();
      await sandbox.close();
    },
  };
}

export function appOver(
  rest: RestCaller,
  o: { authenticator?: Authenticator; env?: Record<string, string>; security?: SecurityConfig; graphiql?: boolean } = {},
): App {
  const security = o.security ?? securityConfigFromEnv(o.env ?? {});
  return createApp({ rest, authenticator: o.authenticator, security, graphiql: o.graphiql ?? false });
}

export interface GraphError {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, any> | null; errors?: GraphError[]; extensions?: Record<string, any> } & Record<string, any>;
}

export async function send(app: App, init: RequestInit & { url?: string }): Promise<Answer> {
  const response = await app.fetch(init.url ?? 'http://paygraph.test/graphql', init);
  const text = await response.text();
  let body: Answer['body'] = {};
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

export function gql(
  app: App,
  query: string,
  o: { variables?: Record<string, unknown>; headers?: Record<string, string>; operationName?: string } = {},
): Promise<Answer> {
  return send(app, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...o.headers },
    body: JSON.stringify({ query, variables: o.variables ?? {}, operationName: o.operationName }),
  });
}

/** REST calls the sandbox received since the last call (and resets its counter). */
export async function restCalls(world: World): Promise<number> {
  const admin = `${new URL(world.sandbox.baseUrl).origin}/__admin/requests`;
  const snapshot = (await (await fetch(admin)).json()) as { total: number };
  await fetch(admin, { method: 'DELETE' });
  return snapshot.total;
}

/** Resets the sandbox's counter. */
export async function resetCalls(world: World): Promise<void> {
  await restCalls(world);
}

/** An api-keys authenticator of read-only callers with these names (all spaces), and each one's key. */
export function readCallers(...names: string[]): { authenticator: Authenticator; keys: Record<string, string> } {
  const keys = Object.fromEntries(names.map((name) => [name, generateApiKey()]));
  const entries = names.map((name) => ({ name, hash: hashApiKey(keys[name]), spaces: '*', scopes: ['read'] }));
  return { authenticator: apiKeyAuthenticator(parseKeysFile(JSON.stringify({ keys: entries }))), keys };
}

/** An api-keys authenticator of one read-only caller limited to `spaces`, and its key. */
export function spaceReader(name: string, spaces: number[]): { authenticator: Authenticator; key: string } {
  const key = generateApiKey();
  const entries = parseKeysFile(JSON.stringify({ keys: [{ name, hash: hashApiKey(key), spaces, scopes: ['read'] }] }));
  return { authenticator: apiKeyAuthenticator(entries), key };
}

/** Waits (polling the process's own state, not a clock) until `condition` holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
