// The app's yoga adapter (src/server/http/yoga-adapter.ts): it answers as createYoga's does, and a
// fresh process serving a request never loads Node's own fetch implementation (its bundled undici,
// about 40 ms of a cold start), which only reading `globalThis.Request` would load.
import { spawnSync } from 'node:child_process';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url);

/** Serves one `{ __typename }` through createApp in a new node process; says what it answered and whether Node's fetch was loaded. */
const CHILD = `
import { createApp } from './src/server/app.ts';
import { createRestClient } from './src/rest/index.ts';
const rest = createRestClient({ baseUrl: 'http://127.0.0.1:9/api/v2.0', userId: '1', authKey: Buffer.alloc(32, 7).toString('base64') });
const app = createApp({ rest });
const response = await app.fetch('http://paygraph.test/graphql', {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query: '{ __typename }' }),
});
const answer = { status: response.status, body: await response.text() };
const nodeFetchLoaded = process.moduleLoadList.some((m) => m.endsWith('internal/deps/undici/undici'));
console.log(JSON.stringify({ ...answer, nodeFetchLoaded }));
await rest.close();
process.exit(0);
`;

describe('yoga adapter', () => {
  it("holds what it tells the adapter: yoga's Request on Node is not the platform's", () => {
    const yoga = createYoga({ logging: false });
    expect(yoga.fetchAPI.Request).not.toBe(globalThis.Request);
  });

  it("answers a request in a fresh process without loading Node's fetch", () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PAYGRAPH_LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const out = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(out).toMatchObject({ status: 200, nodeFetchLoaded: false });
    expect(JSON.parse(out.body as string)).toMatchObject({ data: { __typename: 'Query' } });
  });
});
