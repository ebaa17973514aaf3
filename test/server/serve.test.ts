// startGraphServer serves the graph over real HTTP on 127.0.0.1 against a REST deployment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { startGraphServer } from '../../src/server/serve';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.close();
});

describe('startGraphServer', () => {
  it('serves /graphql on 127.0.0.1 and closes', async () => {
    const [user] = sandbox.users;
    const server = await startGraphServer({
      restUrl: sandbox.baseUrl,
      userId: user.id,
      authKey: user.key,
      port: 0,
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ spaces(first: 2) { nodes { restId name } } }' }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { spaces: { nodes: { restId: number }[] } } };
      expect(body.data.spaces.nodes.map((n) => n.restId)).toEqual(sandbox.spaces.slice(0, 2).map(String));
    } finally {
      await server.close();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it('reports a wrong authentication key as an UPSTREAM_ERROR with status 401 that points at the configuration, without the key', async () => {
    const key = Buffer.from('not the key of this user at all!').toString('base64');
    const server = await startGraphServer({
      restUrl: sandbox.baseUrl,
      userId: sandbox.users[0].id,
      authKey: key,
      port: 0,
    });
    try {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ spaces(first: 1) { nodes { restId } } }' }),
      });
      const text = await response.text();
      expect(text).not.toContain(key);
      const body = JSON.parse(text) as {
        errors: { message: string; extensions: { code: string; status: number } }[];
      };
      // paygraph's own key was refused, not the GraphQL client: logging in again cannot help it.
      expect(body.errors[0].extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 401 });
      expect(body.errors[0].message).toMatch(/check paygraph's configuration/);
    } finally {
      await server.close();
    }
  });
});
