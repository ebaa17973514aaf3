// Debian's Chromium for the browser tests, driven by playwright-core: where it is, whether a test can
// run (CI installs it in .ci/run, so there the check always runs), how it is launched, and a watch on
// requests that leave loopback.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

export const chromiumAvailable = existsSync(CHROMIUM) || !!process.env.CI;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** Records in `into` every request of `page` that goes beyond loopback (data: and blob: URLs stay local). */
export function recordOffSite(page: Page, into: string[]): void {
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
      into.push(request.url());
  });
}
