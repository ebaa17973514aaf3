// OpenTelemetry tracing, turned on: one span per GraphQL operation named after it, and a span per REST
// call (its operationId) under it; spans hold names and numbers, never variable values, inline
// literals, keys or tokens. Spans reach an OTLP/HTTP receiver (a loopback server in the test) when
// OTEL_EXPORTER_OTLP_ENDPOINT is set; without it (or with PAYGRAPH_OTEL=off) there is no tracing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestClient, type RestClient } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp } from '../../src/server/app';
import { createTracing } from '../../src/server/ops/tracing';
import type { Tracing } from '../../src/server/ops/use-tracing';
import { tracingFromEnv } from '../../src/server/ops/tracing-setup';

const SECRET_VARIABLE = 'VARIABLE-SECRET-4711';
const SECRET_LITERAL = 'INLINE-SECRET-0815';
const QUERY = `query ListSomeTransactions($ref: String!, $space: ID!) {
  space(id: $space) {
    transactions(first: 3, filter: { or: [{ merchantReference: { eq: $ref } }, { merchantReference: { ne: "${SECRET_LITERAL}" } }] }) {
      nodes { restId state }
    }
  }
}`;

let sandbox: RunningSandbox;
const clients: RestClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sandbox?.close();
});

/** An app over the sandbox whose REST calls and operations are traced by `tracing`. */
function tracedApp(tracing: Tracing) {
  const [user] = sandbox.users;
  const rest = createRestClient({
    baseUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    onCall: (e) => tracing.onRestCall(e),
  });
  clients.push(rest);
  const app = createApp({ rest, tracing });
  return async (query: string, variables: Record<string, unknown>) => {
    const response = await app.fetch('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: unknown; errors?: unknown[] };
  };
}

describe('tracing into an exporter', () => {
  it('makes a span per operation, named after it, with a child span per REST call naming its operationId', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing(exporter);
    const graph = tracedApp(tracing);
    const answer = await graph(QUERY, { ref: SECRET_VARIABLE, space: String(sandbox.spaces[0]) });
    expect(answer.errors).toBeUndefined();
    const spans = exporter.getFinishedSpans();
    const operation = spans.find((s) => s.name === 'query ListSomeTransactions');
    expect(operation?.attributes).toEqual({
      'graphql.operation.name': 'ListSomeTransactions',
      'graphql.operation.type': 'query',
    });
    const rest = spans.filter((s) => s.name.startsWith('REST '));
    expect(rest.map((s) => s.attributes['rest.operation_id'])).toContain('searchTransactions');
    for (const span of rest) {
      expect(span.parentSpanContext?.spanId).toBe(operation!.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(operation!.spanContext().traceId);
      expect(span.attributes['http.response.status_code']).toBe(200);
      expect(String(span.attributes['url.template'])).toMatch(/^\/api\/v2\.0\//);
    }
    const everything = JSON.stringify(
      spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events })),
    );
    for (const secret of [SECRET_VARIABLE, SECRET_LITERAL, sandbox.users[0].key, 'Bearer', 'eyJ'])
      expect(everything).not.toContain(secret);
    await tracing.shutdown();
  });

  it('marks an operation that answered errors', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing(exporter);
    const graph = tracedApp(tracing);
    const answer = await graph('query Missing { node(id: "not-a-global-id") { id } }', {});
    expect(answer.errors?.length).toBeGreaterThan(0);
    const operation = exporter.getFinishedSpans().find((s) => s.name === 'query Missing');
    expect(operation?.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(operation?.attributes['graphql.error.count']).toBeGreaterThan(0);
    await tracing.shutdown();
  });
});

describe('tracing from the environment', () => {
  let receiver: Server;
  const bodies: { path: string; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push({ path: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('is off by default and with PAYGRAPH_OTEL=off, on with an OTLP endpoint; bad values are refused', async () => {
    expect(await tracingFromEnv({})).toBeUndefined();
    expect(
      await tracingFromEnv({ PAYGRAPH_OTEL: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }),
    ).toBeUndefined();
    await expect(tracingFromEnv({ PAYGRAPH_OTEL: 'sometimes' })).rejects.toThrow(
      'PAYGRAPH_OTEL must be on or off, got "sometimes"',
    );
    await expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).rejects.toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be/,
    );
  });

  it('sends the spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces, with the service name', async () => {
    const { port } = receiver.address() as AddressInfo;
    const tracing = await tracingFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_SERVICE_NAME: 'paygraph-test',
    });
    expect(tracing).toBeDefined();
    const graph = tracedApp(tracing!);
    await graph(QUERY, { ref: SECRET_VARIABLE, space: String(sandbox.spaces[0]) });
    // Shutting down exports what the batch holds and waits for the receiver's answer.
    await tracing!.shutdown();
    const sent = bodies.filter((b) => b.path === '/v1/traces').map((b) => b.body);
    expect(sent.length).toBeGreaterThan(0);
    const all = sent.join('\n');
    expect(all).toContain('query ListSomeTransactions');
    expect(all).toContain('searchTransactions');
    expect(all).toContain('paygraph-test');
    for (const secret of [SECRET_VARIABLE, SECRET_LITERAL, sandbox.users[0].key])
      expect(all).not.toContain(secret);
  });
});
