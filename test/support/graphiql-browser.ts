// What the GraphiQL browser tests share: a sandbox, the graph served over it (GraphiQL on its URL) and
// Debian's Chromium, started before the tests of a file and stopped after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { startGraphServer, type RunningGraphServer } from '../../src/server/serve';
import { launchChromium } from './chromium';

export interface GraphiqlWorld {
  /** GraphiQL's (and the graph's) URL. */
  readonly url: string;
  readonly browser: Browser;
}

/** Registers the hooks; the returned object is filled once beforeAll has run. */
export function useGraphiqlWorld(): GraphiqlWorld {
  let sandbox: RunningSandbox | undefined;
  let graph: RunningGraphServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
    const [user] = sandbox.users;
    graph = await startGraphServer({ restUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, port: 0 });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await graph?.close();
    await sandbox?.close();
  });
  return {
    get url() {
      return graph!.url;
    },
    get browser() {
      return browser!;
    },
  };
}
