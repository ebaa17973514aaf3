// What the GraphiQL browser tests share: a sandbox, the graph served over it (GraphiQL on its URL) and
// Debian's Chromium, started before the tests of a file and stopped after them; and running a tab's
// operation by its button.
import type { Browser, Page } from 'playwright-core';
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

/** The name of the operation a POST carries: its operationName, else the first one its document names. */
export function postedOperation(postData: string | null): string | undefined {
  try {
    const body = JSON.parse(postData ?? '') as { operationName?: string; query?: string };
    return body.operationName ?? /^\s*(?:query|mutation|subscription)\s+(\w+)/m.exec(body.query ?? '')?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Clicks run until GraphiQL sends the tab's operation. Just after a tab switch a click may send nothing
 * (the editor has not parsed the tab's document yet) or the previous tab's operation, whose answer is
 * awaited before the next click (a click while a request runs would stop it).
 */
export async function runWhenNamed(page: Page, operationName: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // About how long GraphiQL takes to parse the tab's document on an idle machine.
    await page.waitForTimeout(500);
    const sent = page
      .waitForRequest(
        (request) =>
          request.method() === 'POST' &&
          ![undefined, 'IntrospectionQuery'].includes(postedOperation(request.postData())),
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    await page.locator('.graphiql-execute-button').click();
    const request = await sent;
    if (request && postedOperation(request.postData()) === operationName) return;
    await request?.response();
  }
  throw new Error(`GraphiQL never sent ${operationName}`);
}
