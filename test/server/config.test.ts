// Configuration is described once (src/server/config) and checked at start: every bad value is
// reported at once, naming the setting, what it expects and what it got (never a secret's value);
// the README's table is the one made from the same description; the CLI refuses before listening.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readSettings, ConfigError } from '../../src/server/config/read';
import { COMMANDS, type Setting } from '../../src/server/config/setting';
import { SETTINGS, settingsOf } from '../../src/server/config/settings';
import { securityConfigFromEnv } from '../../src/server/config/security-config';

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('./bin/paygraph.mjs', args, {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      // A command that got as far as its ready line is stopped: the test is about refusals.
      if (stdout.includes('\n')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the settings table', () => {
  it('describes every setting with a variable or flag, a default and a meaning; no command reads a flag or variable twice', () => {
    for (const [name, s] of Object.entries(SETTINGS) as [string, Setting<unknown>][]) {
      expect(s.env ?? s.flag, name).toBeTruthy();
      expect(s.meaning.length, name).toBeGreaterThan(10);
      expect(s.default, name).not.toBe('');
    }
    for (const command of COMMANDS) {
      const read = settingsOf(command).map((n) => SETTINGS[n] as Setting<unknown>);
      const flags = read.flatMap((s) => (s.flag ? [s.flag] : []));
      const envs = read.flatMap((s) => (s.env ? [s.env] : []));
      expect(new Set(flags).size, `${command} flags`).toBe(flags.length);
      expect(new Set(envs).size, `${command} variables`).toBe(envs.length);
    }
  });

  it("is the README's configuration table (the drift check passes on the committed README)", () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/config-table.ts', '--check'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/configuration table is up to date/);
  });
});

describe('validation', () => {
  it('reports every bad value at once, each naming its setting, the expectation and the value', () => {
    let error: unknown;
    try {
      securityConfigFromEnv({
        PAYGRAPH_MAX_DEPTH: 'deep',
        PAYGRAPH_INTROSPECTION: 'maybe',
        PAYGRAPH_MAX_COST: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^3 settings are invalid:/);
    expect(message).toContain('PAYGRAPH_MAX_DEPTH must be a whole number of at least 1, got "deep"');
    expect(message).toContain('PAYGRAPH_INTROSPECTION must be on or off, got "maybe"');
    expect(message).toContain('PAYGRAPH_MAX_COST must be a whole number of at least 1, got "0"');
  });

  it('a flag wins over its variable; unset values take their defaults', () => {
    const values = readSettings(['port', 'auth', 'maxDepth', 'seedSize'], {
      env: { PORT: '5000', PAYGRAPH_AUTH: 'jwt' },
      flags: { port: '6000' },
    });
    expect(values).toEqual({ port: 6000, auth: 'jwt', maxDepth: 12, seedSize: 'default' });
  });

  it('never repeats a URL that may carry a password', () => {
    const secret = 'redis://:hunter2-secret@cache.internal:6379';
    expect(() =>
      readSettings(['redisUrl'], { env: { REDIS_URL: 'http://:hunter2-secret@cache.internal' } }),
    ).toThrow('REDIS_URL must be a redis: or rediss: URL, not http:');
    expect(readSettings(['redisUrl'], { env: { REDIS_URL: secret } }).redisUrl).toBe(secret);
    const unparsable = () => readSettings(['redisUrl'], { env: { REDIS_URL: 'not a url hunter2-secret' } });
    expect(unparsable).toThrow(/^REDIS_URL must be a URL \(redis:\/\/\.\.\. or rediss:\/\/\.\.\.\)$/);
  });
});

describe('the CLI refuses bad configuration before it listens', () => {
  it('serve: every bad variable named, exit code 2, no ready line', async () => {
    const run = await cli(['serve', '--port', '0'], {
      PAYGRAPH_REST_URL: 'http://127.0.0.1:9/api/v2.0',
      PAYGRAPH_USER_ID: '1',
      PAYGRAPH_AUTH_KEY: 'a2V5',
      PAYGRAPH_MAX_TOKENS: '5',
      PAYGRAPH_LOG_LEVEL: 'loud',
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('PAYGRAPH_MAX_TOKENS must be a whole number of at least 10, got "5"');
    expect(run.stderr).toContain(
      'PAYGRAPH_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
    expect(run.stderr).not.toContain('a2V5');
  });

  it('serve: required settings are named with their flag', async () => {
    const run = await cli(['serve']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PAYGRAPH_REST_URL (--rest-url) is required');
    expect(run.stderr).toContain('PAYGRAPH_USER_ID (--user-id) is required');
  });

  it('sandbox: a bad --seed-size, --port and an unknown flag are refused with the usage', async () => {
    const bad = await cli(['sandbox', '--seed-size', 'huge', '--port', '70000']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--seed-size must be one of small, default, large, got "huge"');
    expect(bad.stderr).toContain('--port must be a whole number from 0 to 65535, got "70000"');
    expect(bad.stderr).toMatch(/paygraph sandbox\n(.*\n)*\s+--seed-size …/);
    const unknown = await cli(['sandbox', '--colour', 'blue']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--colour'/);
  });
});
