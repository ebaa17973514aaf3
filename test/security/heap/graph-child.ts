// The served paygraph of the heap-snapshot test, in a fresh process of its own: its heap holds
// paygraph and nothing of the test runner (whose worker, shared by many test files, made the
// snapshot large and slow). Started with the key files' paths, it serves the graph twice (API keys,
// JWT) and prints their URLs as one JSON line. A message `{ control, file }` keeps the control string
// reachable, writes a heap snapshot to `file` and answers `{ written: file }`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { securityConfigFromEnv } from '../../../src/server/config/security-config';
import { startGraphServer } from '../../../src/server/serve';

// Strings are cut at 1024 characters in a snapshot by default: a key deep inside a long text (a body,
// a header block) would go unseen.
setFlagsFromString('--heap-snapshot-string-limit=1000000');

const [dir, restUrl, userId] = process.argv.slice(2);
// As the CLI does: the key read from PAYGRAPH_AUTH_KEY_FILE, trimmed, handed to the server.
const serve = (env: Record<string, string>) =>
  startGraphServer({
    restUrl,
    userId,
    authKey: readFileSync(join(dir, 'rest-key'), 'utf8').trim(),
    port: 0,
    security: securityConfigFromEnv(env),
  });
const servers = [
  await serve({ PAYGRAPH_AUTH: 'api-keys', PAYGRAPH_API_KEYS_FILE: join(dir, 'api-keys.json') }),
  await serve({ PAYGRAPH_AUTH: 'jwt', PAYGRAPH_JWT_SECRET_FILE: join(dir, 'jwt-secret') }),
];
process.stdout.write(`${JSON.stringify({ urls: servers.map((s) => s.url) })}\n`);

const kept: string[] = [];
process.on('message', (message: { control: string; file: string }) => {
  kept.push(message.control);
  process.send!({ written: writeHeapSnapshot(message.file) });
});
process.once('SIGTERM', () => {
  void Promise.all(servers.map((s) => s.close())).finally(() => process.exit(0));
});
