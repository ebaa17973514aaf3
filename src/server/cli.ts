// `paygraph <command>`: sandbox (the REST API alone), serve (the graph over any REST deployment),
// start (both together, the default of `npm start`). Each prints one JSON line when ready.
// The graph is loaded only by the commands that serve it, so the sandbox starts without it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CLOCK_MODES, startSandbox, type ClockMode, type RunningSandbox } from '../sandbox';
import { parseUserOption } from '../sandbox/settings';
import { securityConfigFromEnv, type SecurityConfig } from './security/config';

const USAGE = `usage:
  paygraph sandbox [--port N] [--seed N] [--bulk-limit N] [--clock real|manual] [--user ID:BASE64KEY[:SPACE,...]]...
  paygraph serve --rest-url URL --user-id ID [--port N] [--host H] [--auth open|jwt|api-keys] [--bulk-limit N]
        (or PAYGRAPH_REST_URL, PAYGRAPH_USER_ID, PORT, PAYGRAPH_HOST, PAYGRAPH_AUTH, PAYGRAPH_BULK_LIMIT; the REST key from
        PAYGRAPH_AUTH_KEY_FILE or PAYGRAPH_AUTH_KEY, never a flag: --auth-key needs --allow-key-in-argv)
  paygraph start [--port N] [--sandbox-port N] [--seed N] [--bulk-limit N]
  paygraph hash-key [--generate]   (reads an API key on stdin, or makes one; prints its hash)`;

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
    clock: { mode: sandbox.clock.mode, admin: `${sandbox.origin}/__admin/clock` },
  };
}

async function sandboxCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'bulk-limit': { type: 'string' },
      clock: { type: 'string' },
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
  const clock = values.clock ?? 'real';
  if (!CLOCK_MODES.includes(clock as ClockMode)) fail(`--clock must be real or manual, got "${clock}"`);
  const sandbox = await startSandbox({
    port: intOption(values.port, 'port') ?? 8081,
    seed: seedOption(values.seed),
    users,
    bulkLimit,
    clock: clock as ClockMode,
  });
  process.stdout.write(`${JSON.stringify(sandboxReadyLine(sandbox))}\n`);
  onShutdown(sandbox.close);
}

/**
 * The upstream key: from a file or the environment. A flag would show in `ps` and shell history, so
 * --auth-key is refused unless --allow-key-in-argv says this is a development machine.
 */
function upstreamKey(flag: string | undefined, allowInArgv: boolean | undefined): string {
  if (flag !== undefined) {
    if (!allowInArgv) fail('--auth-key shows the key to every user of this machine (ps); use PAYGRAPH_AUTH_KEY_FILE or PAYGRAPH_AUTH_KEY');
    process.stderr.write(
      'paygraph: warning: the REST key was given on the command line (--allow-key-in-argv); do not do this in production\n',
    );
    return flag;
  }
  const file = process.env.PAYGRAPH_AUTH_KEY_FILE;
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (error) {
      return fail(`PAYGRAPH_AUTH_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return process.env.PAYGRAPH_AUTH_KEY ?? fail('the REST key is required: PAYGRAPH_AUTH_KEY_FILE (a file holding it) or PAYGRAPH_AUTH_KEY');
}

function securityConfig(auth: string | undefined): SecurityConfig {
  try {
    return securityConfigFromEnv(process.env, { auth });
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** Items per REST bulk call: at least 1; the REST API's own limit must allow it. */
function bulkLimitOption(value: string | undefined): number | undefined {
  const n = intOption(value, 'bulk-limit', 100_000);
  if (n === 0) fail('--bulk-limit (PAYGRAPH_BULK_LIMIT) must be at least 1');
  return n;
}

async function serveCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'rest-url': { type: 'string' },
      'user-id': { type: 'string' },
      'auth-key': { type: 'string' },
      'allow-key-in-argv': { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      auth: { type: 'string' },
      'bulk-limit': { type: 'string' },
    },
  });
  const restUrl = values['rest-url'] ?? process.env.PAYGRAPH_REST_URL ?? fail('--rest-url (or PAYGRAPH_REST_URL) is required');
  const userId = values['user-id'] ?? process.env.PAYGRAPH_USER_ID ?? fail('--user-id (or PAYGRAPH_USER_ID) is required');
  const authKey = upstreamKey(values['auth-key'], values['allow-key-in-argv']);
  const port = intOption(values.port ?? process.env.PORT, 'port') ?? 4000;
  const host = values.host ?? process.env.PAYGRAPH_HOST ?? '127.0.0.1';
  const security = securityConfig(values.auth);
  const { startGraphServer } = await import('./serve');
  const bulkLimit = bulkLimitOption(values['bulk-limit'] ?? process.env.PAYGRAPH_BULK_LIMIT);
  const graph = await startGraphServer({ restUrl, userId, authKey, port, host, security, bulkLimit, redisUrl: process.env.REDIS_URL });
  process.stdout.write(`${JSON.stringify({ graphql: graph.url, auth: security.auth })}\n`);
  onShutdown(graph.close);
}

async function hashKeyCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { generate: { type: 'boolean' } } });
  const { generateApiKey, hashApiKey } = await import('./security/api-keys');
  if (values.generate) {
    const key = generateApiKey();
    process.stdout.write(`${JSON.stringify({ key, hash: hashApiKey(key) })}\n`);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks).toString('utf8').trim();
  if (key === '') fail('hash-key reads the key on stdin (echo -n "$KEY" | paygraph hash-key), or makes one with --generate');
  try {
    process.stdout.write(`${JSON.stringify({ hash: hashApiKey(key) })}\n`);
  } catch (error) {
    fail((error as Error).message);
  }
}

async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'sandbox-port': { type: 'string' },
      seed: { type: 'string' },
      auth: { type: 'string' },
      'bulk-limit': { type: 'string' },
    },
  });
  const security = securityConfig(values.auth);
  // The embedded sandbox and the graph agree on the bulk limit.
  const bulkLimit = bulkLimitOption(values['bulk-limit'] ?? process.env.PAYGRAPH_BULK_LIMIT);
  const sandbox = await startSandbox({
    port: intOption(values['sandbox-port'], 'sandbox-port') ?? 0,
    seed: seedOption(values.seed),
    bulkLimit,
  });
  const [user] = sandbox.users;
  const port = intOption(values.port ?? process.env.PORT, 'port') ?? 4000;
  const { startGraphServer } = await import('./serve');
  const graph = await startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port,
    security,
    bulkLimit,
    redisUrl: process.env.REDIS_URL,
  });
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
  'hash-key': hashKeyCommand,
};

const [command = 'start', ...rest] = process.argv.slice(2);
const run = commands[command] ?? (() => fail(`unknown command "${command}"`));
function explain(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e.code === 'EADDRINUSE') return `port ${e.port} on ${e.address} is already in use; choose another with --port N (or PORT)`;
  return e.message;
}

run(rest).catch((error: unknown) => fail(explain(error)));
