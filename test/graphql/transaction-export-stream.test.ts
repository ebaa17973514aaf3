// Space.transactionExport read as it arrives: with @stream the first records are answered while the
// REST body is still arriving. Between the REST client and the sandbox sits a loopback proxy that
// forwards the export's body in small pieces and stops after a few until the test lets it go on.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeForStatus } from '../../src/resolvers';
import { createRestClient, type CallEvent, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';

const PIECE_BYTES = 64;
const PIECES_BEFORE_HOLD = 6;

/** Forwards to the sandbox; while `held`, an export body stops after a few pieces until `release`. */
class HoldingProxy {
  server!: Server;
  held = false;
  sent = 0;
  total = 0;
  release: () => void = () => undefined;
  private gate: Promise<void> = Promise.resolve();

  constructor(private readonly target: string) {}

  hold(): void {
    this.held = true;
    this.sent = 0;
    this.total = 0;
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.forward(req).then(async ({ status, type, body }) => {
        res.writeHead(status, { 'content-type': type });
        const holding = this.held && (req.url ?? '').includes('/export');
        this.held = false;
        if (!holding) return void res.end(body);
        const pieces: Buffer[] = [];
        for (let at = 0; at < body.length; at += PIECE_BYTES)
          pieces.push(body.subarray(at, at + PIECE_BYTES));
        this.total = pieces.length;
        for (const [i, piece] of pieces.entries()) {
          if (i === PIECES_BEFORE_HOLD) await this.gate;
          if (res.destroyed) return;
          res.write(piece);
          this.sent++;
        }
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async forward(req: IncomingMessage): Promise<{ status: number; type: string; body: Buffer }> {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'space', 'accept', 'content-type']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(this.target + (req.url ?? '/'), { method: req.method, headers });
    return {
      status: upstream.status,
      type: upstream.headers.get('content-type') ?? '',
      body: Buffer.from(await upstream.arrayBuffer()),
    };
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let sandbox: RunningSandbox;
let proxy: HoldingProxy;
let rest: RestClient;
let app: App;
let space: number;
const events: CallEvent[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = new HoldingProxy(sandbox.origin);
  const origin = await proxy.start();
  const [user] = sandbox.users;
  // One slot: a slot kept by an abandoned export would stall every later call.
  rest = createRestClient({
    baseUrl: origin,
    userId: user.id,
    authKey: user.key,
    maxInFlight: 1,
    onCall: (e) => events.push(e),
  });
  app = createApp({ rest, graphiql: false });
  space = sandbox.spaces[0];
});
afterAll(async () => {
  await rest?.close();
  await proxy?.close();
  await sandbox?.close();
});

const EXPORT = (directive: string) => `query($s: ID!) { space(id: $s) {
  transactionExport(columns: [ID, STATE, AUTHORIZATION_AMOUNT, CREATED_ON], limit: 500) {
    records ${directive} { restId state authorizationAmount createdOn } } } }`;

async function post(query: string, accept: string, signal?: AbortSignal): Promise<Response> {
  return await app.fetch('http://paygraph.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query, variables: { s: String(space) } }),
    signal,
  });
}

/** Reads a multipart/mixed answer part by part; `onPart` sees each complete JSON part as it arrives. */
async function readParts(response: Response, onPart: (part: Record<string, unknown>) => void): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    const complete = text.split(/\r?\n---/).slice(0, -1);
    for (const chunk of complete.slice(seen)) {
      const json = chunk.slice(chunk.indexOf('{')).trim();
      if (json.startsWith('{')) onPart(JSON.parse(json) as Record<string, unknown>);
    }
    seen = complete.length;
  }
}

type Row = { restId: unknown; state: string };
const recordsOf = (part: Record<string, unknown>): Row[] =>
  (
    (part.data as { space?: { transactionExport?: { records?: Row[] } } } | undefined)?.space
      ?.transactionExport?.records ?? []
  ).concat(((part.incremental as { items?: Row[] }[] | undefined) ?? []).flatMap((i) => i.items ?? []));

describe('transactionExport streamed', () => {
  it('answers the first records before the REST body has all arrived, then the same list as without @stream', async () => {
    const whole = (await (await post(EXPORT(''), 'application/json')).json()) as {
      data: unknown;
      errors?: unknown;
    };
    expect(whole.errors).toBeUndefined();
    const expected = recordsOf(whole);
    expect(expected.length).toBeGreaterThan(20);

    proxy.hold();
    const response = await post(EXPORT('@stream(initialCount: 1)'), 'multipart/mixed');
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const got: Row[] = [];
    let sentAtFirstPart = -1;
    await readParts(response, (part) => {
      if (sentAtFirstPart < 0) {
        sentAtFirstPart = proxy.sent;
        proxy.release();
      }
      expect(part.errors).toBeUndefined();
      got.push(...recordsOf(part));
    });
    // The proxy holds the body after a few pieces until this first part was read: had the export
    // waited for the whole body, the first part would never have come.
    expect(sentAtFirstPart).toBe(PIECES_BEFORE_HOLD);
    expect(sentAtFirstPart).toBeLessThan(proxy.total);
    expect(got).toEqual(expected);
  });

  it('gives the REST slot back when the client leaves mid-stream', async () => {
    proxy.hold();
    const leave = new AbortController();
    const response = await post(EXPORT('@stream(initialCount: 1)'), 'multipart/mixed', leave.signal);
    let firstRecords: Row[] | undefined;
    await readParts(response, (part) => {
      firstRecords ??= recordsOf(part);
      leave.abort();
    }).catch((error: unknown) => expect((error as Error).name).toBe('AbortError'));
    expect(firstRecords).toHaveLength(1);
    expect(proxy.sent).toBeLessThan(proxy.total);
    // One slot only: this answers only if the abandoned export gave its slot back.
    const after = (await (await post(EXPORT(''), 'application/json')).json()) as Record<string, unknown>;
    expect(after.errors).toBeUndefined();
    expect(recordsOf(after).length).toBeGreaterThan(20);
  });

  it('answers csv, rows and records of one body together, rows as csv-parse/sync reads the csv, with one REST call', async () => {
    events.length = 0;
    const query = `query($s: ID!) { space(id: $s) { transactionExport(limit: 300) { csv rows records { restId state } }
      again: transactionExport(limit: 300) { records { restId state } } } }`;
    const r = (await (await post(query, 'application/json')).json()) as {
      errors?: unknown;
      data: { space: { transactionExport: { csv: string; rows: Record<string, string>[]; records: Row[] } } };
    };
    expect(r.errors).toBeUndefined();
    const { csv, rows, records } = r.data.space.transactionExport;
    const wanted = parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true, bom: true });
    expect(wanted.length).toBeGreaterThan(20);
    expect(rows).toEqual(wanted);
    expect(records.map((x) => Number(x.restId))).toEqual(wanted.map((x) => Number(x.id)));
    expect((r.data.space as unknown as { again: { records: Row[] } }).again.records).toEqual(records);
    const exports = events.filter((e) => e.operationId === 'exportTransactions');
    expect(exports).toHaveLength(1);
    expect(exports[0]).toMatchObject({ ok: true, attempts: 1, status: 200, bytesIn: Buffer.byteLength(csv) });
  });

  it('maps an upstream error before the body as before', async () => {
    const query = `query($s: ID!) { space(id: $s) { transactionExport(offset: 200000) { records { restId } } } }`;
    const r = (await (await post(query, 'application/json')).json()) as {
      errors?: { path: unknown; extensions: { code: string } }[];
    };
    expect(r.errors?.[0]?.path).toEqual(['space', 'transactionExport']);
    expect(r.errors?.[0]?.extensions.code).toBe(codeForStatus(416));
  });
});
