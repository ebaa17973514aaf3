// Ids at or above 2^53 round-trip exactly. The sandbox does not hand out such ids, so this is the one
// fault produced by a tiny local HTTP server (port 0, loopback) instead of the sandbox.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type OperationId, type RestClient } from '../../src/rest';

const BIG = '9007199254740993'; // 2^53 + 1: JSON.parse would turn it into ...992
const BIGGER = '9223372036854775807';
const rawKey = Buffer.from('big-id test key, thirty-two bytes');
const seen: { method: string; url: string; body: string; space?: string }[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

let server: Server;
let client: RestClient;

beforeAll(async () => {
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    seen.push({ method: req.method!, url: req.url!, body, space: req.headers.space as string | undefined });
    const token = String(req.headers.authorization).replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, rawKey);
    if (payload.requestPath !== req.url || payload.requestMethod !== req.method) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url!.startsWith('/api/v2.0/spaces/')) {
      res.end('{"id":1,"name":"overflow","version":1e400}');
      return;
    }
    const echo =
      req.method === 'PATCH' ? body : `{"id":${BIG},"version":3,"linkedSpaceId":${BIGGER},"name":"x"}`;
    res.end(echo);
  };
  server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createRestClient({
    baseUrl: `http://127.0.0.1:${port}/api/v2.0`,
    userId: '7',
    authKey: rawKey.toString('base64'),
  });
});

afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('ids at or above 2^53', () => {
  it('arrive as bigint, exactly', async () => {
    const customer = (await client.call('getCustomer', { path: { id: 1 }, space: 1 })) as unknown as Record<
      string,
      unknown
    >;
    expect(customer.id).toBe(BigInt(BIG));
    expect(customer.linkedSpaceId).toBe(BigInt(BIGGER));
    expect(customer.version).toBe(3);
  });

  it('are sent back exactly in path, query, space header and body', async () => {
    const id = BigInt(BIG);
    // The untyped entry: REST ignores `id` in the body, sent here to check it is written exactly.
    const result = (await client.call<OperationId>('updateCustomer', {
      path: { id },
      query: { expand: ['defaultBillingAddress'] },
      space: BigInt(BIGGER),
      body: { id, version: 3, emailAddress: 'a@b.example' },
    })) as unknown as Record<string, unknown>;
    const last = seen.at(-1)!;
    expect(last.url).toBe(`/api/v2.0/customers/${BIG}?expand=defaultBillingAddress`);
    expect(last.space).toBe(BIGGER);
    expect(last.body).toBe(`{"id":${BIG},"version":3,"emailAddress":"a@b.example"}`);
    expect(result.id).toBe(id);
  });
});

describe('numbers that cannot be represented', () => {
  it('fail loudly as an invalid response instead of becoming Infinity', async () => {
    await expect(client.call('getSpace', { path: { id: 1 } })).rejects.toMatchObject({
      code: 'REST_INVALID_RESPONSE',
      status: 200,
      message: expect.stringMatching(/cannot be represented/),
    });
  });
});
