// Apps built over the test world (test/support/world.ts) with a chosen authenticator and security
// configuration; GraphQL over the app's fetch; REST calls counted by the sandbox itself, so "zero REST
// calls" means nothing reached the REST API.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client as WsClient } from 'graphql-ws';
import { SignJWT } from 'jose';
import type { RestCaller } from '../../src/rest/types';
import type { RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';
import { startGraphServer, type GraphServerOptions, type RunningGraphServer } from '../../src/server/serve';
import {
  apiKeyAuthenticator,
  generateApiKey,
  hashApiKey,
  parseKeysFile,
} from '../../src/server/auth/api-keys';
import { createAuthenticator, type Authenticator } from '../../src/server/auth/authenticator';
import { securityConfigFromEnv, type SecurityConfig } from '../../src/server/config/security-config';
import type { TestWorld } from '../support/world';

export function appOver(
  rest: RestCaller,
  o: {
    authenticator?: Authenticator;
    env?: Record<string, string>;
    security?: SecurityConfig;
    graphiql?: boolean;
  } = {},
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
  body: {
    data?: Record<string, any> | null;
    errors?: GraphError[];
    extensions?: Record<string, any>;
  } & Record<string, any>;
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
export async function restCalls(world: Pick<TestWorld, 'takeCalls'>): Promise<number> {
  return (await world.takeCalls()).total;
}

/** Resets the sandbox's counter. */
export async function resetCalls(world: Pick<TestWorld, 'resetCalls'>): Promise<void> {
  await world.resetCalls();
}

/** An api-keys authenticator of read-only callers with these names (all spaces), and each one's key. */
export function readCallers(...names: string[]): {
  authenticator: Authenticator;
  keys: Record<string, string>;
} {
  const keys = Object.fromEntries(names.map((name) => [name, generateApiKey()]));
  const entries = names.map((name) => ({
    name,
    hash: hashApiKey(keys[name]),
    spaces: '*',
    scopes: ['read'],
  }));
  return { authenticator: apiKeyAuthenticator(parseKeysFile(JSON.stringify({ keys: entries }))), keys };
}

/** An api-keys authenticator of one read-only caller limited to `spaces`, and its key. */
export function spaceReader(name: string, spaces: number[]): { authenticator: Authenticator; key: string } {
  const key = generateApiKey();
  const entries = parseKeysFile(
    JSON.stringify({ keys: [{ name, hash: hashApiKey(key), spaces, scopes: ['read'] }] }),
  );
  return { authenticator: apiKeyAuthenticator(entries), key };
}

/** Waits (polling the process's own state, not a clock) until `condition` holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** REST calls the sandbox received since the last reset, by operationId (and resets its counter). */
export async function restCallsByOperation(
  world: Pick<TestWorld, 'takeCalls'>,
): Promise<Record<string, number>> {
  return (await world.takeCalls()).byOperation;
}

export const JWT_ISSUER = 'https://issuer.test';
export const JWT_AUDIENCE = 'paygraph-test';

/** An HS256 secret in a file of its own, the `jwt` settings naming it, and tokens signed with it. */
export interface JwtSetup {
  env: Record<string, string>;
  /** A token with these claims (default scope `read`, issuer and audience of `env`, 5 minutes). */
  token(
    claims: Record<string, unknown>,
    o?: { exp?: string | number; iss?: string; sub?: string | null },
  ): Promise<string>;
  close(): void;
}

export function jwtSetup(): JwtSetup {
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-jwt-'));
  const secret = `an HS256 secret for tests only ${randomUUID()}`;
  writeFileSync(join(dir, 'secret'), secret);
  return {
    env: {
      PAYGRAPH_AUTH: 'jwt',
      PAYGRAPH_JWT_SECRET_FILE: join(dir, 'secret'),
      PAYGRAPH_JWT_ISSUER: JWT_ISSUER,
      PAYGRAPH_JWT_AUDIENCE: JWT_AUDIENCE,
    },
    token: (claims, o = {}) => {
      const jwt = new SignJWT({ scope: 'read', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setIssuer(o.iss ?? JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setExpirationTime(o.exp ?? '5m');
      if (o.sub !== null) jwt.setSubject(o.sub ?? 'test-caller');
      return jwt.sign(new TextEncoder().encode(secret));
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** An app over `world` in `jwt` mode (with more settings from `env`). */
export async function jwtAppOver(
  world: Pick<TestWorld, 'rest'>,
  jwt: JwtSetup,
  env: Record<string, string> = {},
): Promise<App> {
  const security = securityConfigFromEnv({ ...jwt.env, ...env });
  return appOver(world.rest, { authenticator: await createAuthenticator(security), security });
}

/** paygraph served over HTTP on a free loopback port, over `sandbox` as its first application user. */
export function serveOver(
  sandbox: RunningSandbox,
  o: Omit<GraphServerOptions, 'restUrl' | 'userId' | 'authKey' | 'port'> = {},
): Promise<RunningGraphServer> {
  const [user] = sandbox.users;
  return startGraphServer({ restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, port: 0, ...o });
}

/** An api-keys file of its own holding these callers (name, key, spaces, scopes), and the settings naming it. */
export function apiKeysFile(
  callers: { name: string; key: string; spaces: number[] | '*'; scopes: string[] }[],
): {
  env: Record<string, string>;
  close(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-keys-'));
  const keys = callers.map(({ name, key, spaces, scopes }) => ({
    name,
    hash: hashApiKey(key),
    spaces,
    scopes,
  }));
  writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys }));
  return {
    env: { PAYGRAPH_AUTH: 'api-keys', PAYGRAPH_API_KEYS_FILE: join(dir, 'keys.json') },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface WsResult {
  data?: Record<string, any> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
  extensions?: Record<string, any>;
}

/** The last result of an operation over graphql-ws, or what the client got instead (errors, or the socket's close event). */
export function wsResult(
  c: WsClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<WsResult | { failed: unknown }> {
  return new Promise((resolve) => {
    let last: WsResult | undefined;
    c.subscribe(
      { query, variables },
      {
        next: (result) => (last = result as WsResult),
        error: (failed) => resolve({ failed }),
        complete: () => resolve(last ?? { failed: 'no result' }),
      },
    );
  });
}
