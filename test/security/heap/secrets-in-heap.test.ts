// The REST key and the JWT secret never sit in paygraph's heap as text: after queries, mutations and
// failures through a served paygraph (in this process, over real HTTP, its sandbox in a child that
// alone was given the key), a heap snapshot's strings hold neither the key's base64 text nor its
// bytes (as text, hex, base64url), nor the JWT secret's. Only non-extractable key objects may hold
// them, and their bytes are not strings. The secrets are random; this process never prints them.
// A control string kept reachable on purpose must be found, so the search itself is shown to work.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { getHeapSnapshot, setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../../../src/server/auth/api-keys';
import { securityConfigFromEnv } from '../../../src/server/config/security-config';
import { startGraphServer, type RunningGraphServer } from '../../../src/server/serve';

const USER_ID = '4242';

/** Random ASCII letters after a prefix, built in a Buffer so no string of the secret is made here. */
function canary(prefix: string, letters = 32): Buffer {
  const tail = randomBytes(letters);
  for (let i = 0; i < tail.length; i++) tail[i] = 0x61 + (tail[i] % 26);
  return Buffer.concat([Buffer.from(prefix, 'latin1'), tail]);
}

/** Every text form a secret's bytes could take, as Buffers (the transient strings die at the next GC). */
function forms(name: string, bytes: Buffer): Map<string, Buffer> {
  return new Map([
    [`${name} as text`, Buffer.from(bytes)],
    [`${name} as base64`, Buffer.from(bytes.toString('base64'), 'latin1')],
    [`${name} as base64url`, Buffer.from(bytes.toString('base64url'), 'latin1')],
    [`${name} as hex`, Buffer.from(bytes.toString('hex'), 'latin1')],
  ]);
}

/** Labels of the needles found in the serialized snapshot (streamed, searched across chunk borders). */
async function foundInHeap(needles: Map<string, Buffer>): Promise<string[]> {
  const longest = Math.max(...[...needles.values()].map((n) => n.length));
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const chunk of getHeapSnapshot()) {
    const hay = Buffer.concat([tail, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)]);
    for (const [label, needle] of needles) if (!found.has(label) && hay.includes(needle)) found.add(label);
    tail = hay.subarray(Math.max(0, hay.length - longest + 1));
  }
  return [...found].sort();
}

function startSandboxChild(
  keyFile: string,
): Promise<{ child: ChildProcess; baseUrl: string; spaces: number[] }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'sandbox-child.ts'), keyFile, USER_ID],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox child exited with ${String(code)}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const ready = JSON.parse(line) as { baseUrl: string; spaces: number[] };
      resolve({ child, ...ready });
    });
  });
}

let dir: string;
let sandbox: Awaited<ReturnType<typeof startSandboxChild>>;
let servers: RunningGraphServer[] = [];
const restKey = canary('PAYGRAPH-HEAP-CANARY-REST-KEY-');
const jwtSecret = canary('PAYGRAPH-HEAP-CANARY-JWT-SECRET-');
const apiKey = generateApiKey();

beforeAll(async () => {
  // Strings are cut at 1024 characters in a snapshot by default: a key deep inside a long text
  // (a body, a header block) would go unseen.
  setFlagsFromString('--heap-snapshot-string-limit=1000000');
  dir = mkdtempSync(join(tmpdir(), 'paygraph-heap-'));
  writeFileSync(join(dir, 'rest-key'), `${restKey.toString('base64')}\n`, { mode: 0o600 });
  writeFileSync(join(dir, 'jwt-secret'), jwtSecret, { mode: 0o600 });
  writeFileSync(
    join(dir, 'api-keys.json'),
    JSON.stringify({
      keys: [{ name: 'heap', hash: hashApiKey(apiKey), spaces: '*', scopes: ['read', 'write'] }],
    }),
  );
  sandbox = await startSandboxChild(join(dir, 'rest-key'));
  // As the CLI does: the key read from PAYGRAPH_AUTH_KEY_FILE, trimmed, handed to the server.
  const serve = (env: Record<string, string>) =>
    startGraphServer({
      restUrl: sandbox.baseUrl,
      userId: USER_ID,
      authKey: readFileSync(join(dir, 'rest-key'), 'utf8').trim(),
      port: 0,
      security: securityConfigFromEnv(env),
    });
  servers = [
    await serve({ PAYGRAPH_AUTH: 'api-keys', PAYGRAPH_API_KEYS_FILE: join(dir, 'api-keys.json') }),
    await serve({ PAYGRAPH_AUTH: 'jwt', PAYGRAPH_JWT_SECRET_FILE: join(dir, 'jwt-secret') }),
  ];
});

afterAll(async () => {
  for (const server of servers) await server.close();
  sandbox?.child.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function post(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: Record<string, any>; errors?: unknown[] },
  };
}

const CREATE = `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) {
  __typename ... on CreateCustomerPayload { customer { id } } ... on MutationError { code } } }`;
const DELETE = `mutation ($id: ID!) { deleteCustomer(input: { id: $id }) { __typename ... on MutationError { code } } }`;

/** Reads, writes and failures of every kind, so every code path that touches the key has run. */
async function exercise(url: string, headers: Record<string, string>): Promise<void> {
  const [space] = sandbox.spaces;
  const read = await post(
    url,
    `query($s: ID!) { space(id: $s) { customers(first: 5) { nodes { restId } } } }`,
    { s: String(space) },
    headers,
  );
  expect(read.body.data?.space?.customers.nodes.length).toBeGreaterThan(0);
  const created = await post(url, CREATE, { input: { space: String(space), givenName: 'Heap' } }, headers);
  expect(created.body.data?.createCustomer.__typename).toBe('CreateCustomerPayload');
  const failed = await post(
    url,
    CREATE,
    { input: { space: String(space), preferredCurrency: 'XXQ' } },
    headers,
  );
  expect(failed.body.data?.createCustomer.__typename).not.toBe('CreateCustomerPayload');
  const missing = await post(url, DELETE, { id: `${space}:999999999` }, headers);
  expect(missing.body.errors ?? missing.body.data?.deleteCustomer).toBeTruthy();
  expect((await post(url, `{ space(id: "not a space") { restId } }`, {}, headers)).body.errors).toBeDefined();
  expect(
    (await post(url, '{ spaces { nodes { restId } } }', {}, { authorization: 'Bearer forged' })).status,
  ).toBe(401);
}

describe('secrets in the heap', () => {
  it('holds neither the REST key nor the JWT secret as text after queries, mutations and failures', async () => {
    const [keyed, jwt] = servers;
    await exercise(keyed.url, { 'x-api-key': apiKey });
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ spaces: '*', scope: 'read write', sub: 'heap-test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new Uint8Array(readFileSync(join(dir, 'jwt-secret'))));
    await exercise(jwt.url, { authorization: `Bearer ${token}` });

    const control = canary('PAYGRAPH-HEAP-CONTROL-');
    const kept = { text: control.toString('latin1') };
    const needles = new Map([...forms('the REST key', restKey), ...forms('the JWT secret', jwtSecret)]);
    needles.set('control', Buffer.from(control));
    const found = await foundInHeap(needles);
    expect(kept.text.length).toBe(control.length);
    expect(found).toEqual(['control']);
  }, 120_000);
});
