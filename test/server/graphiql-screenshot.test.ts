// The README's picture of GraphiQL, taken by a real browser (Debian's Chromium, playwright-core): the
// "Filters and ordering" example run against the sandbox. docs/graphiql.png is written when it is
// missing or UPDATE_SCREENSHOTS=1; otherwise the test still opens, runs and shoots, and checks the
// picture is a PNG of the agreed size (pixels differ by font and time: they are not compared).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examples } from '../../src/server/graphiql-examples';
import { chromiumAvailable } from '../support/chromium';
import { runWhenNamed, useGraphiqlWorld } from '../support/graphiql-browser';

const SCREENSHOT = new URL('../../docs/graphiql.png', import.meta.url);
const VIEWPORT = { width: 1280, height: 760 };
const EXAMPLE = 'Filters and ordering';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.skipIf(!chromiumAvailable)('the README screenshot of GraphiQL', () => {
  const world = useGraphiqlWorld();

  it(`runs "${EXAMPLE}" and shoots the page`, async () => {
    const page = await world.browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await page.goto(world.url, { waitUntil: 'load' });
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });
    const index = examples.findIndex((e) => e.title === EXAMPLE);
    expect(index).toBeGreaterThanOrEqual(0);
    await page.locator('.graphiql-tab').nth(index).click();
    const firstLine = examples[index].query.trim().split('\n')[0].trim().slice(0, 30);
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
      firstLine,
      { timeout: 10_000 },
    );
    await runWhenNamed(page, /^\s*query (\w+)/m.exec(examples[index].query)![1]);
    await page.waitForFunction(
      () => document.querySelector('.graphiql-response')?.textContent?.includes('"transactions"'),
      null,
      {
        timeout: 30_000,
      },
    );
    const answer = await page.locator('.graphiql-response').innerText();
    expect(answer).not.toContain('"errors"');
    const png = await page.screenshot({ type: 'png' });
    expect(pngSize(png)).toEqual(VIEWPORT);
    if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(SCREENSHOT)) writeFileSync(SCREENSHOT, png);
    expect(pngSize(readFileSync(SCREENSHOT))).toEqual(VIEWPORT);
  }, 90_000);
});
