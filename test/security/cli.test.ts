// The CLI's secrets and modes, run as a user would: the REST key never on the command line (refused
// unless --allow-key-in-argv, then warned about), never in the ready line; `open` refused on a
// non-loopback interface; `paygraph hash-key` prints a hash the keys file accepts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyAuthenticator, parseKeysFile } from '../../src/server/auth/api-keys';
import { startWorld, type TestWorld } from '../support/world';

let world: TestWorld;
let dir: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI until it exits or prints its ready line (then stops it). */
function cli(args: string[], o: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...o.env };
    const child = spawn('./bin/paygraph.mjs', args, {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n') && args[0] === 'serve') child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(o.stdin ?? '');
  });
}

beforeAll(async () => {
  world = await startWorld({ graph: false });
  dir = mkdtempSync(join(tmpdir(), 'paygraph-cli-'));
});

afterAll(async () => {
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the REST key', () => {
  it('is refused on the command line without --allow-key-in-argv, and never printed', async () => {
    const [user] = world.sandbox.users;
    const run = await cli([
      'serve',
      '--rest-url',
      world.sandbox.baseUrl,
      '--user-id',
      user.id,
      '--auth-key',
      user.key,
      '--port',
      '0',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--auth-key shows the key .* PAYGRAPH_AUTH_KEY_FILE/);
    expect(run.stderr + run.stdout).not.toContain(user.key);
  });

  it('is read from PAYGRAPH_AUTH_KEY_FILE; the ready line holds no key', async () => {
    const [user] = world.sandbox.users;
    writeFileSync(join(dir, 'key'), `${user.key}\n`);
    const run = await cli(['serve', '--port', '0'], {
      env: {
        PAYGRAPH_REST_URL: world.sandbox.baseUrl,
        PAYGRAPH_USER_ID: user.id,
        PAYGRAPH_AUTH_KEY_FILE: join(dir, 'key'),
      },
    });
    expect(JSON.parse(run.stdout.split('\n')[0])).toMatchObject({
      graphql: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
      auth: 'open',
    });
    expect(run.stderr + run.stdout).not.toContain(user.key);
  });

  it('is accepted on the command line with --allow-key-in-argv, with a warning', async () => {
    const [user] = world.sandbox.users;
    const run = await cli([
      'serve',
      '--rest-url',
      world.sandbox.baseUrl,
      '--user-id',
      user.id,
      '--auth-key',
      user.key,
      '--allow-key-in-argv',
      '--port',
      '0',
    ]);
    expect(run.stderr).toMatch(/warning: the REST key was given on the command line/);
    expect(run.stdout).toMatch(/"graphql"/);
    expect(run.stderr + run.stdout).not.toContain(user.key);
  });
});

describe('modes', () => {
  it('refuses open on a non-loopback interface and says how to choose a mode', async () => {
    const [user] = world.sandbox.users;
    const run = await cli(['serve', '--host', '0.0.0.0', '--port', '0'], {
      env: {
        PAYGRAPH_REST_URL: world.sandbox.baseUrl,
        PAYGRAPH_USER_ID: user.id,
        PAYGRAPH_AUTH_KEY: user.key,
      },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /refusing to listen on 0\.0\.0\.0 without authentication.*PAYGRAPH_AUTH \(or --auth\)/,
    );
  });

  it('refuses an unknown mode', async () => {
    const run = await cli(['serve', '--auth', 'basic'], {
      env: { PAYGRAPH_REST_URL: 'http://x', PAYGRAPH_USER_ID: '1', PAYGRAPH_AUTH_KEY: 'a2V5' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/must be one of open, jwt, api-keys, got "basic"/);
  });
});

describe('hash-key', () => {
  it('hashes a key read on stdin into an entry the keys file accepts, and generates keys', async () => {
    const key = 'a-long-random-api-key-for-the-reporting-job';
    const run = await cli(['hash-key'], { stdin: key });
    const { hash } = JSON.parse(run.stdout) as { hash: string };
    expect(hash).toMatch(/^sha256\$/);
    expect(run.stdout).not.toContain(key);
    const auth = apiKeyAuthenticator(
      parseKeysFile(JSON.stringify({ keys: [{ name: 'reporting', hash, spaces: '*', scopes: ['read'] }] })),
    );
    expect(await auth.authenticate(new Headers({ 'x-api-key': key }))).toMatchObject({
      kind: 'caller',
      caller: { name: 'key:reporting' },
    });
    const generated = JSON.parse((await cli(['hash-key', '--generate'])).stdout) as {
      key: string;
      hash: string;
    };
    expect(generated.key.length).toBeGreaterThan(40);
    expect(generated.hash).toMatch(/^sha256\$/);
  });
});
