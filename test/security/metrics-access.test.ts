// /metrics, /healthz and /readyz of a served paygraph, asked without credentials as anyone could:
// in jwt and api-keys modes /metrics is off without PAYGRAPH_METRICS_TOKEN and needs the token as a
// bearer when one is set; in open mode it is open. /healthz and /readyz answer everyone and never
// show the REST key, the REST URL or the application user, also when the REST API refuses the key.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import { ConfigError, securityConfigFromEnv } from '../../src/server/config/security-config';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';

let sandbox: RunningSandbox;
let dir: string;
const servers: RunningGraphServer[] = [];
const token = `metrics-${randomBytes(16).toString('hex')}`;

beforeAll(async () => {
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'paygraph-metrics-'));
  writeFileSync(
    join(dir, 'keys.json'),
    JSON.stringify({
      keys: [{ name: 'k', hash: hashApiKey(generateApiKey()), spaces: '*', scopes: ['read'] }],
    }),
  );
  writeFileSync(join(dir, 'metrics-token'), `${token}\n`);
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>, authKey = sandbox.users[0].key): Promise<string> {
  const security = securityConfigFromEnv(env);
  const server = await startGraphServer({
    restUrl: sandbox.baseUrl,
    userId: sandbox.users[0].id,
    authKey,
    port: 0,
    security,
  });
  servers.push(server);
  return new URL(server.url).origin;
}

const keysMode = () => ({ PAYGRAPH_AUTH: 'api-keys', PAYGRAPH_API_KEYS_FILE: join(dir, 'keys.json') });

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text() };
}

describe('/metrics', () => {
  it('is off without a token when callers must authenticate', async () => {
    const origin = await serve(keysMode());
    expect((await get(`${origin}/metrics`)).status).toBe(404);
  });

  it('needs the token as a bearer when one is set (from a file)', async () => {
    const origin = await serve({ ...keysMode(), PAYGRAPH_METRICS_TOKEN_FILE: join(dir, 'metrics-token') });
    const none = await get(`${origin}/metrics`);
    expect(none.status).toBe(401);
    expect(none.text.includes(token)).toBe(false);
    expect((await get(`${origin}/metrics`, { authorization: `Bearer ${token}x` })).status).toBe(401);
    const allowed = await get(`${origin}/metrics`, { authorization: `Bearer ${token}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toMatch(/^# HELP /m);
  });

  it('is open in open mode, which listens on loopback only', async () => {
    const origin = await serve({});
    expect((await get(`${origin}/metrics`)).status).toBe(200);
  });

  it('refuses a token short enough to guess', () => {
    expect(() => securityConfigFromEnv({ ...keysMode(), PAYGRAPH_METRICS_TOKEN: 'short' })).toThrow(
      ConfigError,
    );
  });
});

describe('/healthz and /readyz', () => {
  it('answer without credentials and show no secret, also when the REST API refuses the key', async () => {
    const wrongKey = randomBytes(32).toString('base64');
    const origin = await serve(keysMode(), wrongKey);
    const health = await get(`${origin}/healthz`);
    expect(health).toEqual({ status: 200, text: '{"status":"ok"}' });
    const ready = await get(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: 'unavailable', reason: 'the REST API refused the key' });
    for (const secret of [
      wrongKey,
      sandbox.users[0].key,
      sandbox.baseUrl,
      new URL(sandbox.baseUrl).host,
      sandbox.users[0].id,
    ]) {
      expect(ready.text.includes(secret) || health.text.includes(secret)).toBe(false);
    }
  });
});
