// The "minimum" contender as a process like the gateways: a hand-written HTTP endpoint per scenario
// (POST /<scenario> with the fixture as body) that makes that scenario's REST calls directly and
// answers their data as JSON. Settings from the environment; prints one JSON line when listening.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scenarios, type Fixture } from '../scenarios';
import { createMinimumRest } from './rest';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const rest = createMinimumRest(required('BENCH_REST_URL'), {
  id: required('BENCH_REST_USER'),
  key: required('BENCH_REST_KEY'),
});
const byName = new Map(scenarios.map((s) => [`/${s.name}`, s]));

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.url === '/health') return send(200, { ok: true });
  const scenario = byName.get(req.url ?? '');
  if (!scenario || req.method !== 'POST')
    return send(404, { error: `no scenario at ${req.method} ${req.url}` });
  readJson(req)
    .then((fixture) => scenario.minimum(rest, fixture as Fixture))
    .then((data) => send(200, { data }))
    .catch((error: unknown) => send(502, { error: (error as Error).message }));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`,
  );
});
process.once('SIGTERM', () => server.close(() => void rest.close().finally(() => process.exit(0))));
