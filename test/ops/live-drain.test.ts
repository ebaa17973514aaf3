// Closing the served graph ends open live-update streams cleanly (a `complete` event, not a cut
// connection), and /metrics counts the open subscribers meanwhile.
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

async function liveSubscribers(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^paygraph_live_subscribers (\d+)$/m.exec(text)?.[1]);
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    text += decoder.decode(chunk.value, { stream: true });
  return text;
}

describe('draining live streams', () => {
  it('counts an open SSE subscription and ends it with `complete` when the server closes', async () => {
    const [user] = sandbox.users;
    const graph = await startGraphServer({
      restUrl: sandbox.baseUrl,
      userId: user.id,
      authKey: user.key,
      port: 0,
      liveTick: { fastMs: 50, slowMs: 200 },
    });
    const metricsUrl = graph.url.replace(/\/graphql$/, '/metrics');
    let closed = false;
    try {
      const response = await fetch(graph.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({
          query: 'subscription ($space: ID!) { refundsChanged(space: $space) { id } }',
          variables: { space: String(sandbox.spaces[0]) },
        }),
      });
      expect(response.status).toBe(200);
      while ((await liveSubscribers(metricsUrl)) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const text = readAll(response.body!);
      await graph.close();
      closed = true;
      expect(await text).toContain('event: complete');
    } finally {
      if (!closed) await graph.close();
    }
  });
});
