// A real browser (Debian's Chromium, driven by playwright-core) walks a checkout on the sandbox with
// no account: a transaction created over REST, its payment page URL opened, the 3-D Secure test card
// entered, the challenge passed (or failed), the shop's success (or failed) URL reached, and the
// transaction found AUTHORIZED (or FAILED) over REST. The shop is a tiny local HTTP server. The
// screenshots of each step under docs/checkout/ are written when missing or with UPDATE_SCREENSHOTS=1.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { chromiumAvailable, launchChromium, recordOffSite } from '../support/chromium';
import { client } from './support/signed-fetch';

const SHOTS = join(process.cwd(), 'docs', 'checkout');

type Json = Record<string, any>;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The checkout of the shop with the iframe integration: the sandbox's script (its URL in `src`) and the shop's own Pay button. */
function embeddingPage(src: string): string {
  return `<!doctype html><title>Shop</title><body style="font:16px system-ui;margin:24px;background:#eef2ff">
<h1 style="font-size:20px">Checkout at the shop</h1><div id="payment" style="background:#fff"></div>
<button id="shop-pay" style="font-size:16px;padding:8px 24px">Buy now</button>
<script src="${attribute(src)}"></script>
<script>var handler = window.IframeCheckoutHandler(1); handler.create('payment');
document.getElementById('shop-pay').onclick = function () { handler.submit(); };</script></body>`;
}

/** The shop: a confirmation page, a failure page and an embedding checkout page, nothing else. */
function startShop(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop.local');
    const title = {
      '/ok': 'Thank you: your order is confirmed',
      '/failed': 'The payment did not go through',
    }[url.pathname];
    const embed = url.pathname === '/embed' ? url.searchParams.get('src') : null;
    res.writeHead(title || embed ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    if (embed) return res.end(embeddingPage(embed));
    res.end(`<!doctype html><title>Shop</title><body style="font:18px system-ui;margin:40px"><h1>${title ?? 'Not found'}</h1>
<p>The example shop the sandbox redirected to.</p></body>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe.skipIf(!chromiumAvailable)('walking a checkout in a browser', () => {
  let sandbox: RunningSandbox;
  let shop: { server: Server; origin: string };
  let browser: Browser;
  let call: ReturnType<typeof client>;
  let space: number;
  const offSite: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    shop = await startShop();
    const [user] = sandbox.users;
    call = client(sandbox.origin, { userId: user.id, key: user.key });
    space = sandbox.spaces[0];
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => shop?.server.close(resolve));
    await sandbox?.close();
  });

  async function checkout(urlPath = 'payment-page-url'): Promise<{ id: number; url: string }> {
    const lineItems = [
      {
        name: 'Espresso cups (set of 4)',
        quantity: 1,
        amountIncludingTax: 39.9,
        type: 'PRODUCT',
        uniqueId: 'cups',
      },
      { name: 'Shipping', quantity: 1, amountIncludingTax: 7, type: 'SHIPPING', uniqueId: 'shipping' },
    ];
    const created = await call<Json>({
      method: 'POST',
      path: '/payment/transactions',
      space,
      body: {
        currency: 'CHF',
        lineItems,
        merchantReference: 'order-1042',
        // Stops at AUTHORIZED, whatever the space's completion configuration, so the shop can complete later.
        completionBehavior: 'COMPLETE_DEFERRED',
        successUrl: `${shop.origin}/ok`,
        failedUrl: `${shop.origin}/failed`,
      },
    });
    expect(created.status, created.text).toBe(200);
    const id = Number(created.body.id);
    const url = await call({ path: `/payment/transactions/${id}/${urlPath}`, space });
    expect(url.status, url.text).toBe(200);
    return { id, url: url.text };
  }

  async function stateOf(id: number): Promise<Json> {
    return (await call<Json>({ path: `/payment/transactions/${id}`, space })).body;
  }

  async function shot(page: Page, name: string): Promise<void> {
    const file = join(SHOTS, `${name}.png`);
    if (process.env.UPDATE_SCREENSHOTS !== '1' && existsSync(file)) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: file });
  }

  async function openPage(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    recordOffSite(page, offSite);
    await page.goto(url, { waitUntil: 'load' });
    return page;
  }

  async function payWithThreeDSecureCard(page: Page): Promise<void> {
    await page.locator('#cardNumber').fill(sandbox.seedSummary.testCards.threeDSecure);
    await page.locator('#expiry').fill('12/30');
    await page.locator('#cvc').fill('123');
    await page.locator('#holder').fill('Ada Lovelace');
  }

  it('pays with the 3-D Secure card, passes the challenge, lands on the success URL, AUTHORIZED', async () => {
    const { id, url } = await checkout();
    const page = await openPage(url);
    await expect.poll(() => page.locator('[data-testid=total]').innerText()).toBe('46.90 CHF');
    await shot(page, '1-payment-page');
    await payWithThreeDSecureCard(page);
    await shot(page, '2-card-entered');
    await page.locator('#pay').click();
    await page.waitForURL(/\/payment\/3ds\/challenge\?/, { timeout: 20_000 });
    expect(await page.locator('main').innerText()).toContain('Visa •••• 3220');
    expect((await stateOf(id)).state).toBe('PROCESSING');
    await shot(page, '3-challenge');
    await page.locator('#pass').click();
    await page.waitForURL(`${shop.origin}/ok`, { timeout: 20_000 });
    expect(await page.locator('h1').innerText()).toContain('order is confirmed');
    await shot(page, '4-success');
    const after = await stateOf(id);
    expect([after.state, after.authorizationAmount, after.merchantReference]).toEqual([
      'AUTHORIZED',
      46.9,
      'order-1042',
    ]);
    await page.close();
    expect(offSite).toEqual([]);
  });

  it('fails the challenge: lands on the failed URL, FAILED with the reason', async () => {
    const { id, url } = await checkout();
    const page = await openPage(url);
    await payWithThreeDSecureCard(page);
    await page.locator('#pay').click();
    await page.waitForURL(/\/payment\/3ds\/challenge\?/, { timeout: 20_000 });
    await page.locator('#fail').click();
    await page.waitForURL(`${shop.origin}/failed`, { timeout: 20_000 });
    expect(await page.locator('h1').innerText()).toContain('did not go through');
    await shot(page, '5-failed');
    const after = await stateOf(id);
    expect([after.state, after.failureReason?.name?.['en-US']]).toEqual(['FAILED', 'Authentication failed']);
    // Back on the payment page: the transaction is decided, nothing more to pay.
    await page.goto(url);
    expect(await page.locator('[data-testid=state]').innerText()).toContain('FAILED');
    await page.close();
    expect(offSite).toEqual([]);
  });

  it('the iframe integration: the shop page embeds the payment page, its own button pays, the shop lands on the success URL', async () => {
    const { id, url: script } = await checkout('iframe-javascript-url');
    const page = await openPage(`${shop.origin}/embed?src=${encodeURIComponent(script)}`);
    const form = page.frameLocator('iframe[title=Payment]');
    await form.locator('#cardNumber').fill(sandbox.seedSummary.testCards.approve);
    await form.locator('#expiry').fill('12/30');
    await shot(page, '6-iframe');
    await page.locator('#shop-pay').click();
    await page.waitForURL(`${shop.origin}/ok`, { timeout: 20_000 });
    expect(await page.locator('h1').innerText()).toContain('order is confirmed');
    expect((await stateOf(id)).state).toBe('AUTHORIZED');
    await page.close();
    expect(offSite).toEqual([]);
  });
});
