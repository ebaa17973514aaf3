// Persisted operations of a served paygraph (over real HTTP, against a real sandbox): automatic
// persisted queries register a query sent with its hash and run it from the hash alone, only after
// the query passed the document limits; the allow-list mode runs only the operations of its file
// (as `npm run -s persisted-operations` writes it) and refuses any query text.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { cacheConfigFromEnv } from '../../src/server/cache/config';
import { examples } from '../../src/server/graphiql-examples';
import { loadAllowList } from '../../src/server/persisted/allow-list';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import type { PersistedOperationsConfig } from '../../src/server/persisted/config';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { securityConfigFromEnv } from '../../src/server/config/security-config';

interface Answer {
  status: number;
  body: {
    data?: Record<string, any> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

const dir = mkdtempSync(join(tmpdir(), 'paygraph-persisted-'));
let sandbox: RunningSandbox;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function serverWith(
  persistedOperations: PersistedOperationsConfig,
  env: Record<string, string> = {},
): Promise<RunningGraphServer> {
  const [user] = sandbox.users;
  return startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port: 0,
    security: securityConfigFromEnv(env),
    cache: cacheConfigFromEnv({ PAYGRAPH_CACHE: 'off' }),
    persistedOperations,
  });
}

async function post(url: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const byHash = (hash: string, variables: Record<string, unknown> = {}) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
});
const codeOf = (a: Answer) => a.body.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('automatic persisted queries', () => {
  let server: RunningGraphServer;
  beforeAll(async () => {
    server = await serverWith(
      { mode: 'apq' },
      { PAYGRAPH_MAX_DOCUMENT_BYTES: '400', PAYGRAPH_MAX_DEPTH: '4' },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an unknown hash PersistedQueryNotFound, then runs the query registered with it from the hash alone', async () => {
    const query = 'query Spaces { spaces(first: 2) { nodes { restId name } } }';
    const hash = sha256(query);
    const unknown = await post(server.url, byHash(hash));
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: 'PersistedQueryNotFound',
      extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
    });
    const registered = await post(server.url, { query, ...byHash(hash) });
    expect(registered.body.errors).toBeUndefined();
    expect(registered.body.data?.spaces.nodes).toHaveLength(2);
    const fromHash = await post(server.url, byHash(hash));
    expect(fromHash.body).toMatchObject({ data: registered.body.data });
  });

  it('refuses a hash that is not the query’s, and keeps nothing under it', async () => {
    const query = 'query One { spaces(first: 1) { nodes { restId } } }';
    const wrong = sha256('something else');
    const answer = await post(server.url, { query, ...byHash(wrong) });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('PERSISTED_QUERY_MISMATCH');
    expect(codeOf(await post(server.url, byHash(wrong)))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('registers only documents within the limits: a too deep or too large query is refused and not kept', async () => {
    const deep =
      'query Deep { spaces(first: 1) { nodes { account { parentAccount { parentAccount { name } } } } } }';
    const refused = await post(server.url, { query: deep, ...byHash(sha256(deep)) });
    expect(codeOf(refused)).toBe('QUERY_TOO_DEEP');
    expect(codeOf(await post(server.url, byHash(sha256(deep))))).toBe('PERSISTED_QUERY_NOT_FOUND');

    const large = `query Large { spaces(first: 1) { nodes { restId } } } # ${'x'.repeat(400)}`;
    const tooLarge = await post(server.url, { query: large, ...byHash(sha256(large)) });
    expect(codeOf(tooLarge)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeOf(await post(server.url, byHash(sha256(large))))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

describe('automatic persisted queries behind authentication', () => {
  it('registers nothing for refused credentials (HTTP 401 before the query is read)', async () => {
    const key = generateApiKey();
    const keysFile = join(dir, 'keys.json');
    writeFileSync(
      keysFile,
      JSON.stringify({ keys: [{ name: 'app', hash: hashApiKey(key), spaces: '*', scopes: ['read'] }] }),
    );
    const server = await serverWith(
      { mode: 'apq' },
      { PAYGRAPH_AUTH: 'api-keys', PAYGRAPH_API_KEYS_FILE: keysFile },
    );
    try {
      const query = 'query Guarded { spaces(first: 1) { nodes { restId } } }';
      const persistedQuery = { version: 1, sha256Hash: sha256(query) };
      const send = (apiKey: string, body: object) =>
        fetch(server.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          body: JSON.stringify(body),
        });
      expect((await send(generateApiKey(), { query, extensions: { persistedQuery } })).status).toBe(401);
      const after = (await (await send(key, { extensions: { persistedQuery } })).json()) as Answer['body'];
      expect(after.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    } finally {
      await server.close();
    }
  });
});

describe('allow-list', () => {
  let server: RunningGraphServer;
  let file: string;
  beforeAll(async () => {
    // The npm script writes the allow-list of the operations paygraph ships.
    file = join(dir, 'allow-list.json');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/persisted-operations.ts', file]);
    server = await serverWith({ mode: 'allow-list', file });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds every shipped operation under its hash', () => {
    const list = loadAllowList(file);
    expect([...list.values()].sort()).toEqual([...new Set(examples.map((e) => e.query))].sort());
  });

  it('runs a listed operation by its hash and refuses query texts and unknown hashes', async () => {
    const tour = examples.find((e) => e.title === 'Tour')!;
    const listed = await post(server.url, byHash(sha256(tour.query), tour.variables));
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data?.spaces.nodes.length).toBeGreaterThan(0);

    const text = await post(server.url, { query: '{ spaces(first: 1) { nodes { restId } } }' });
    expect(text.status).toBe(400);
    expect(codeOf(text)).toBe('PERSISTED_QUERY_NOT_ALLOWED');
    expect(text.body.errors?.[0].message).toMatch(/only registered operations run on this server/);
    expect(codeOf(await post(server.url, byHash(sha256('{ spaces { nodes { restId } } }'))))).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });

  it('refuses to start on a file whose entry is not the hash of its document', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ [sha256('{ a }')]: '{ b }' }));
    await expect(serverWith({ mode: 'allow-list', file: bad })).rejects.toThrow(
      /holds a document whose sha256 is another/,
    );
  });
});
