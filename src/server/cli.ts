// `paygraph <command>`: sandbox (the REST API alone), serve (the graph over any REST deployment),
// start (both together, the default of `npm start`). Each prints one JSON line when ready.
// The graph is loaded only by the commands that serve it, so the sandbox starts without it.
import { parseArgs } from 'node:util';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { parseUserOption } from '../sandbox/settings';

const USAGE = `usage:
  paygraph sandbox [--port N] [--seed N] [--bulk-limit N] [--user ID:BASE64KEY[:SPACE,...]]...
  paygraph serve --rest-url URL --user-id ID --auth-key BASE64 [--port N]
        (or PAYGRAPH_REST_URL, PAYGRAPH_USER_ID, PAYGRAPH_AUTH_KEY, PORT)
  paygraph start [--port N] [--sandbox-port N] [--seed N]`;

function fail(message: string): never {
  process.stderr.write(`paygraph: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function intOption(value: string | undefined, name: string, max = 65_535): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > max) fail(`--${name} must be a whole number from 0 to ${max}, got "${value}"`);
  return n;
}

// The demo data's generator is seeded with 32 bits.
const seedOption = (value: string | undefined) => intOption(value, 'seed', 4_294_967_295);

function onShutdown(close: () => Promise<void>): void {
  const stop = () => void close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function sandboxReadyLine(sandbox: RunningSandbox) {
  return {
    baseUrl: sandbox.baseUrl,
    users: sandbox.users,
    spaces: sandbox.spaces,
    cardPaymentMethodConfigurations: Object.fromEntries(
      Object.entries(sandbox.seedSummary.perSpace).map(([space, s]) => [space, s.cardPaymentMethodConfigurationId]),
    ),
    testCards: sandbox.seedSummary.testCards,
  };
}

async function sandboxCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'bulk-limit': { type: 'string' },
      user: { type: 'string', multiple: true },
    },
  });
  const users = (values.user ?? []).map((u) => {
    try {
      return parseUserOption(u);
    } catch (error) {
      return fail((error as Error).message);
    }
  });
  const bulkLimit = intOption(values['bulk-limit'], 'bulk-limit', 100_000);
  if (bulkLimit === 0) fail('--bulk-limit must be at least 1');
  const sandbox = await startSandbox({ port: intOption(values.port, 'port') ?? 8081, seed: seedOption(values.seed), users, bulkLimit });
  process.stdout.write(`${JSON.stringify(sandboxReadyLine(sandbox))}\n`);
  onShutdown(sandbox.close);
}

async function serveCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'rest-url': { type: 'string' }, 'user-id': { type: 'string' }, 'auth-key': { type: 'string' }, port: { type: 'string' } },
  });
  const restUrl = values['rest-url'] ?? process.env.PAYGRAPH_REST_URL ?? fail('--rest-url (or PAYGRAPH_REST_URL) is required');
  const userId = values['user-id'] ?? process.env.PAYGRAPH_USER_ID ?? fail('--user-id (or PAYGRAPH_USER_ID) is required');
  const authKey = values['auth-key'] ?? process.env.PAYGRAPH_AUTH_KEY ?? fail('--auth-key (or PAYGRAPH_AUTH_KEY) is required');
  const port = intOption(values.port ?? process.env.PORT, 'port') ?? 4000;
  const { startGraphServer } = await import('./serve');
  const graph = await startGraphServer({ restUrl, userId, authKey, port });
  process.stdout.write(`${JSON.stringify({ graphql: graph.url })}\n`);
  onShutdown(graph.close);
}

async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, 'sandbox-port': { type: 'string' }, seed: { type: 'string' } },
  });
  const sandbox = await startSandbox({ port: intOption(values['sandbox-port'], 'sandbox-port') ?? 0, seed: seedOption(values.seed) });
  const [user] = sandbox.users;
  const port = intOption(values.port ?? process.env.PORT, 'port') ?? 4000;
  const { startGraphServer } = await import('./serve');
  const graph = await startGraphServer({ restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, port });
  process.stdout.write(`${JSON.stringify({ graphql: graph.url, sandbox: sandboxReadyLine(sandbox) })}\n`);
  process.stderr.write(`paygraph: GraphiQL at ${graph.url} (REST sandbox at ${sandbox.baseUrl})\n`);
  onShutdown(async () => {
    await graph.close();
    await sandbox.close();
  });
}

const commands: Record<string, (args: string[]) => Promise<void>> = {
  sandbox: sandboxCommand,
  serve: serveCommand,
  start: startCommand,
};

const [command = 'start', ...rest] = process.argv.slice(2);
const run = commands[command] ?? (() => fail(`unknown command "${command}"`));
function explain(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e.code === 'EADDRINUSE') return `port ${e.port} on ${e.address} is already in use; choose another with --port N (or PORT)`;
  return e.message;
}

run(rest).catch((error: unknown) => fail(explain(error)));
