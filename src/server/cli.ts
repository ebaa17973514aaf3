// `paygraph <command>`: sandbox (the REST API alone), serve (the graph over any REST deployment), start
// (both, the default of `npm start`); each prints one JSON line when ready. Each command loads only what
// it runs: the sandbox starts without the graph, `serve` without the sandbox and its heavy packages.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RunningSandbox, SandboxOptions } from '../sandbox';
import { progressBar } from './cli-progress-bar';
import { readCommandLine, usage } from './config/command-line';
import type { Command } from './config/setting';
import type { Raw } from './config/values';
import { securityConfigFromEnv, type SecurityConfig } from './config/security-config';

const USAGE = usage({
  'hash-key [--generate]': '(reads an API key on stdin, or makes one; prints its hash)',
});

function fail(message: string): never {
  process.stderr.write(`paygraph: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** Flags and variables, read and validated through the settings table (./config). */
function commandLine<C extends Command>(command: C, args: string[]) {
  try {
    return readCommandLine(command, args, process.env);
  } catch (error) {
    return fail((error as Error).message);
  }
}

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
      Object.entries(sandbox.seedSummary.perSpace).map(([space, s]) => [
        space,
        s.cardPaymentMethodConfigurationId,
      ]),
    ),
    testCards: sandbox.seedSummary.testCards,
    clock: { mode: sandbox.clock.mode, admin: `${sandbox.origin}/__admin/clock` },
  };
}

/**
 * Starts the sandbox, with a progress bar of its seeding on a terminal. It is imported here, by the commands
 * that run it, so that `serve` starts without it and its PDF, schema-validation and bank-data packages.
 */
async function startSandboxShowingProgress(options: SandboxOptions): Promise<RunningSandbox> {
  const { startSandbox } = await import('../sandbox');
  const bar = progressBar(`seeding the sandbox (${options.seedSize ?? 'default'} size)`);
  try {
    return await startSandbox({ ...options, onSeedProgress: (done) => bar.update(done) });
  } finally {
    bar.stop();
  }
}

async function sandboxCommand(args: string[]): Promise<void> {
  const { values } = commandLine('sandbox', args);
  const sandbox = await startSandboxShowingProgress({
    port: values.sandboxAlonePort,
    seed: values.seed,
    seedSize: values.seedSize,
    users: values.users,
    bulkLimit: values.sandboxBulkLimit,
    clock: values.clock,
  });
  process.stdout.write(`${JSON.stringify(sandboxReadyLine(sandbox))}\n`);
  onShutdown(sandbox.close);
}

/**
 * The upstream key: from a file or the environment. A flag would show in `ps` and shell history, so
 * --auth-key is refused unless --allow-key-in-argv says this is a development machine.
 */
function upstreamKey(
  flags: Record<string, Raw>,
  o: { authKey?: string; authKeyFile?: string; allowKeyInArgv?: boolean },
): string {
  if (flags['auth-key'] !== undefined) {
    if (!o.allowKeyInArgv)
      fail(
        '--auth-key shows the key to every user of this machine (ps); use PAYGRAPH_AUTH_KEY_FILE or PAYGRAPH_AUTH_KEY',
      );
    process.stderr.write(
      'paygraph: warning: the REST key was given on the command line (--allow-key-in-argv); do not do this in production\n',
    );
    return o.authKey!;
  }
  if (o.authKeyFile) {
    try {
      return readFileSync(o.authKeyFile, 'utf8').trim();
    } catch (error) {
      return fail(
        `PAYGRAPH_AUTH_KEY_FILE: cannot read ${o.authKeyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return (
    o.authKey ??
    fail('the REST key is required: PAYGRAPH_AUTH_KEY_FILE (a file holding it) or PAYGRAPH_AUTH_KEY')
  );
}

function securityConfig(auth: string): SecurityConfig {
  try {
    return securityConfigFromEnv(process.env, { auth });
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function serveCommand(args: string[]): Promise<void> {
  const { values, flags } = commandLine('serve', args);
  const authKey = upstreamKey(flags, values);
  const security = securityConfig(values.auth);
  /** The graph is imported only by the commands that serve it, so the sandbox starts without it. */
  const { startGraphServer } = await import('./serve');
  const graph = await startGraphServer({
    restUrl: values.restUrl,
    userId: values.userId,
    authKey,
    port: values.port,
    host: values.host,
    security,
    bulkLimit: values.bulkLimit,
    redisUrl: values.redisUrl,
  });
  process.stdout.write(`${JSON.stringify({ graphql: graph.url, auth: security.auth })}\n`);
  onShutdown(graph.close);
}

async function hashKeyCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { generate: { type: 'boolean' } } });
  const { generateApiKey, hashApiKey } = await import('./auth/api-keys');
  if (values.generate) {
    const key = generateApiKey();
    process.stdout.write(`${JSON.stringify({ key, hash: hashApiKey(key) })}\n`);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks).toString('utf8').trim();
  if (key === '')
    fail(
      'hash-key reads the key on stdin (echo -n "$KEY" | paygraph hash-key), or makes one with --generate',
    );
  try {
    process.stdout.write(`${JSON.stringify({ hash: hashApiKey(key) })}\n`);
  } catch (error) {
    fail((error as Error).message);
  }
}

async function startCommand(args: string[]): Promise<void> {
  const { values } = commandLine('start', args);
  const security = securityConfig(values.auth);
  // The embedded sandbox and the graph agree on the bulk limit.
  const sandbox = await startSandboxShowingProgress({
    port: values.sandboxPort,
    seed: values.seed,
    seedSize: values.seedSize,
    bulkLimit: values.bulkLimit,
  });
  const [user] = sandbox.users;
  const { startGraphServer } = await import('./serve');
  const graph = await startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
    port: values.port,
    security,
    bulkLimit: values.bulkLimit,
    redisUrl: values.redisUrl,
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
  if (e.code === 'EADDRINUSE')
    return `port ${e.port} on ${e.address} is already in use; choose another with --port N (or PORT)`;
  return e.message;
}

run(rest).catch((error: unknown) => fail(explain(error)));
