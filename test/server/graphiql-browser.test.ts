// A real browser (Debian's Chromium, driven by playwright-core) opens GraphiQL from paygraph with no
// network beyond loopback, sees the example tabs, runs the first example and reads its answer, then
// clicks every tab and runs each read-only example.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examples } from '../../src/server/graphiql-examples';
import { chromiumAvailable, recordOffSite } from '../support/chromium';
import { useGraphiqlWorld } from '../support/graphiql-browser';

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
    await page.locator('.graphiql-execute-button').click();
    await page.waitForFunction(() => document.querySelector('.graphiql-response')?.textContent?.includes('"data"'), null, {
      timeout: 30_000,
    });
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
          [...document.querySelectorAll('.graphiql-query-editor .view-line, .graphiql-query-editor .CodeMirror-line')].some((l) =>
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
      // GraphiQL reads the tab's operation name from the editor a moment after the switch.
      await page.waitForTimeout(500);
      const before = await page.locator('.graphiql-response').innerText();
      await page.locator('.graphiql-execute-button').click();
      await page.waitForFunction(
        (previous) => {
          const now = document.querySelector('.graphiql-response')?.textContent ?? '';
          return /"(data|errors)"/.test(now) && now.replace(/\s+/g, '') !== previous.replace(/\s+/g, '');
        },
        before,
        { timeout: 30_000 },
      );
      const text = await page.locator('.graphiql-response').innerText();
      expect(text, example.title).not.toContain('"errors"');
    }
    mkdirSync('test/server/screenshots', { recursive: true });
    await page.screenshot({ path: 'test/server/screenshots/graphiql.png' });
    expect(offSite).toEqual([]);
  }, 90_000);
});
