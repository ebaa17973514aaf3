// A real browser (Debian's Chromium, driven by playwright-core) opens GraphiQL from paygraph with no
// network beyond loopback, sees the example tabs, runs the first example and reads its answer, then
// clicks every tab and runs each read-only example. The same page (one Chromium, one load of GraphiQL)
// then takes the README's picture: the "Filters and ordering" example run against the sandbox.
// docs/graphiql.png is written when it is missing or UPDATE_SCREENSHOTS=1; otherwise the test still
// runs and shoots, and checks the picture is a PNG of the agreed size (pixels differ by font and time:
// they are not compared).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../src/server/graphiql-examples';
import { chromiumAvailable, recordOffSite } from '../support/chromium';
import { postedOperation, runWhenNamed, useGraphiqlWorld } from '../support/graphiql-browser';

const SCREENSHOT = new URL('../../docs/graphiql.png', import.meta.url);
const VIEWPORT = { width: 1280, height: 760 };
const README_EXAMPLE = 'Filters and ordering';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The operation an example's tab runs. */
function operationOf(example: (typeof examples)[number]): string | undefined {
  return /^\s*query (\w+)/m.exec(example.query)?.[1];
}

/**
 * Clicks the tab of `examples[index]` until the editor shows its first line. The editor draws spaces
 * as no-break spaces, and a long line may be drawn in pieces: lines are compared by their start, with
 * plain spaces.
 */
async function switchTo(page: Page, index: number): Promise<void> {
  await page.locator('.graphiql-tab').nth(index).click();
  await page.waitForFunction(
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
    examples[index].query.trim().split('\n')[0].trim().slice(0, 40),
    { timeout: 10_000 },
  );
}

/**
 * Runs the current tab's operation and returns its answer as sent, once the response panel shows its
 * first field. The answer is read from the network, where it is whole: re-running an example gives the
 * same text as before, and the response panel draws only the lines in view. The request must carry the
 * tab's own operation (GraphiQL reads its name from the editor a moment after the switch).
 */
async function runAndRead(
  page: Page,
  operationName: string,
): Promise<{ data?: Record<string, unknown>; errors?: unknown }> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      postedOperation(response.request().postData()) === operationName,
    { timeout: 30_000 },
  );
  await runWhenNamed(page, operationName);
  const body = (await (await answered).json()) as { data?: Record<string, unknown>; errors?: unknown };
  const firstField = Object.keys(body.data ?? {})[0];
  if (firstField)
    await page.waitForFunction(
      (field) => document.querySelector('.graphiql-response')?.textContent?.includes(`"${field}"`),
      firstField,
      { timeout: 10_000 },
    );
  return body;
}

describe.skipIf(!chromiumAvailable)('GraphiQL in a browser', () => {
  const world = useGraphiqlWorld();
  const offSite: string[] = [];
  let page: Page;

  beforeAll(async () => {
    page = await world.browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    recordOffSite(page, offSite);
    await page.goto(world.url, { waitUntil: 'load' });
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });
  }, 60_000);
  afterAll(() => page?.close());

  it('opens with the example tabs and runs the first one', async () => {
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
    // (the Checkout tab writes and the Live tab streams: their own tests run them).
    for (const [i, example] of examples.entries()) {
      await switchTo(page, i);
      if (['Checkout', 'Live', 'Defer'].includes(example.title)) continue;
      const operationName = operationOf(example);
      expect(operationName, example.title).toBeDefined();
      const body = await runAndRead(page, operationName!);
      expect(body.errors, example.title).toBeUndefined();
      expect(Object.keys(body.data ?? {})[0], example.title).toBeDefined();
    }
    mkdirSync('test/server/screenshots', { recursive: true });
    await page.screenshot({ path: 'test/server/screenshots/graphiql.png' });
    expect(offSite).toEqual([]);
  }, 150_000);

  it(`takes the README picture: "${README_EXAMPLE}" run and the page shot`, async () => {
    const index = examples.findIndex((e) => e.title === README_EXAMPLE);
    expect(index).toBeGreaterThanOrEqual(0);
    await switchTo(page, index);
    const body = await runAndRead(page, operationOf(examples[index])!);
    expect(body.errors).toBeUndefined();
    await page.waitForFunction(
      () => document.querySelector('.graphiql-response')?.textContent?.includes('"transactions"'),
      null,
      { timeout: 30_000 },
    );
    const answer = await page.locator('.graphiql-response').innerText();
    expect(answer).not.toContain('"errors"');
    const png = await page.screenshot({ type: 'png' });
    expect(pngSize(png)).toEqual(VIEWPORT);
    if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(SCREENSHOT)) writeFileSync(SCREENSHOT, png);
    expect(pngSize(readFileSync(SCREENSHOT))).toEqual(VIEWPORT);
    expect(offSite).toEqual([]);
  }, 90_000);
});
