// The REST key and the JWT secret never sit in paygraph's heap as text: after queries, mutations and
// failures through a served paygraph (in a child process of its own, graph-child.ts, over real HTTP;
// its sandbox in another child that alone was given the key), a heap snapshot of that process holds
// in its strings neither the key's base64 text nor its bytes (as text, hex, base64url), nor the JWT
// secret's. Only non-extractable key objects may hold them, and their bytes are not strings. The
// secrets are random; no process prints them. A control string sent to the served process and kept
// reachable there must be found, so the search itself is shown to work.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../../../src/server/auth/api-keys';
import { stopChild } from '../../support/cli-process';

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

/** Labels of the needles found in the serialized snapshot file (streamed, searched across chunk borders). */
async function foundInSnapshot(file: string, needles: Map<string, Buffer>): Promise<string[]> {
  const longest = Math.max(...[...needles.values()].map((n) => n.length));
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const hay = Buffer.concat([tail, chunk as Buffer]);
    for (const [label, needle] of needles) if (!found.has(label) && hay.includes(needle)) found.add(label);
    tail = hay.subarray(Math.max(0, hay.length - longest + 1));
  }
  return [...found].sort();
}

/** The first line a child prints on stdout, as JSON; rejects if it exits first. */
function readyLine<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} exited with ${String(code)}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as T));
  });
}

async function startSandboxChild(
  keyFile: string,
): Promise<{ child: ChildProcess; baseUrl: string; spaces: number[] }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'sandbox-child.ts'), keyFile, USER_ID],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return { child, ...(await readyLine<{ baseUrl: string; spaces: number[] }>(child, 'the sandbox child')) };
}

/** The served paygraph (graph-child.ts): the key files are read there, from `dir`. */
async function startGraphChild(restUrl: string): Promise<{ child: ChildProcess; urls: string[] }> {
  const child = fork(join(import.meta.dirname, 'graph-child.ts'), [dir, restUrl, USER_ID], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return { child, ...(await readyLine<{ urls: string[] }>(child, 'the graph child')) };
}

/** Has the served process keep `control` reachable and write a heap snapshot; resolves with its file. */
function snapshotOf(child: ChildProcess, control: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the graph child exited with ${String(code)}`)));
    child.once('message', (message: { written: string }) => resolve(message.written));
    child.send({ control: control.toString('latin1'), file: join(dir, 'graph.heapsnapshot') });
  });
}

let dir: string;
let sandbox: Awaited<ReturnType<typeof startSandboxChild>>;
let graph: Awaited<ReturnType<typeof startGraphChild>>;
const restKey = canary('PAYGRAPH-HEAP-CANARY-REST-KEY-');
const jwtSecret = canary('PAYGRAPH-HEAP-CANARY-JWT-SECRET-');
const apiKey = generateApiKey();

beforeAll(async () => {
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
  graph = await startGraphChild(sandbox.baseUrl);
}, 60_000);

afterAll(async () => {
  if (graph) await stopChild(graph.child);
  if (sandbox) await stopChild(sandbox.child);
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
    const [keyed, jwt] = graph.urls;
    await exercise(keyed, { 'x-api-key': apiKey });
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ spaces: '*', scope: 'read write', sub: 'heap-test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new Uint8Array(readFileSync(join(dir, 'jwt-secret'))));
    await exercise(jwt, { authorization: `Bearer ${token}` });

    const control = canary('PAYGRAPH-HEAP-CONTROL-');
    const needles = new Map([...forms('the REST key', restKey), ...forms('the JWT secret', jwtSecret)]);
    needles.set('control', Buffer.from(control));
    const found = await foundInSnapshot(await snapshotOf(graph.child, control), needles);
    expect(found).toEqual(['control']);
  }, 120_000);
});
