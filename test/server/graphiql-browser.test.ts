// A real browser (Debian's Chromium, driven by playwright-core) opens GraphiQL from paygraph with no
// network beyond loopback, sees the example tabs, runs the first example and reads its answer, then
// clicks every tab and runs each read-only example.
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examples } from '../../src/server/graphiql-examples';
import { chromiumAvailable, recordOffSite } from '../support/chromium';
import { postedOperation, runWhenNamed, useGraphiqlWorld } from '../support/graphiql-browser';

describe.skipIf(!chromiumAvailable)('GraphiQL in a browser', () => {
  const world = useGraphiqlWorld();
  const offSite: string[] = [];

  it('opens with the example tabs and runs the first one', async () => {
    const page = await world.browser.newPage();
    recordOffSite(page, offSite);
    await page.goto(world.url, { waitUntil: 'load' });
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });
    const tabs = await page.locator('.graphiql-tab').allInnerTexts();
    expect(tabs).toHaveLength(examples.length);
    expect(tabs[0]).toContain(examples[0].title);
    // The README names each tab as GraphiQL shows it (the name of its first operation).
    const explore = readFileSync('README.md', 'utf8').split('**2. Explore.**')[1].split('**3.')[0];
    for (const tab of tabs) expect(explore, tab).toContain(`\`${tab.trim().split(/\s/)[0]}\``);
    await page.locator('.graphiql-execute-button').click();
    await page.waitForFunction(
      () => document.querySelector('.graphiql-response')?.textContent?.includes('"data"'),
      null,
      {
        timeout: 30_000,
      },
    );
    const answer = (await page.locator('.graphiql-response').innerText()).replace(/\s+/g, ' ');
    expect(answer).toContain('"spaces"');
    expect(answer).not.toContain('"errors"');
    // Every tab switches the editor on a real mouse click; the read-only ones run without errors
    // (the Checkout tab writes and the Live tab streams: their own tests run them). The editor draws
    // spaces as no-break spaces, and a long line may be drawn in pieces: lines are compared by their
    // start, with plain spaces.
    const showsLine = (start: string) =>
      page.waitForFunction(
        (want) =>
          [
            ...document.querySelectorAll(
              '.graphiql-query-editor .view-line, .graphiql-query-editor .CodeMirror-line',
            ),
          ].some((l) =>
            (l.textContent ?? '')
              .replace(/\u00a0/g, ' ')
              .trim()
              .startsWith(want),
          ),
        start,
        { timeout: 10_000 },
      );
    for (const [i, example] of examples.entries()) {
      await page.locator('.graphiql-tab').nth(i).click();
      await showsLine(example.query.trim().split('\n')[0].trim().slice(0, 40));
      if (['Checkout', 'Live', 'Defer'].includes(example.title)) continue;
      // The answer is read from the network, where it is whole: re-running an example gives the same
      // text as before, and the response panel draws only the lines in view. The request must carry
      // the tab's own operation (GraphiQL reads its name from the editor a moment after the switch).
      const operationName = /^\s*query (\w+)/m.exec(example.query)?.[1];
      expect(operationName, example.title).toBeDefined();
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          postedOperation(response.request().postData()) === operationName,
        { timeout: 30_000 },
      );
      await runWhenNamed(page, operationName!);
      const body = (await (await answered).json()) as { data?: Record<string, unknown>; errors?: unknown };
      expect(body.errors, example.title).toBeUndefined();
      const firstField = Object.keys(body.data ?? {})[0];
      expect(firstField, example.title).toBeDefined();
      await page.waitForFunction(
        (field) => document.querySelector('.graphiql-response')?.textContent?.includes(`"${field}"`),
        firstField,
        {
          timeout: 10_000,
        },
      );
    }
    mkdirSync('test/server/screenshots', { recursive: true });
    await page.screenshot({ path: 'test/server/screenshots/graphiql.png' });
    expect(offSite).toEqual([]);
  }, 150_000);
});
