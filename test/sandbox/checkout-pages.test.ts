// The checkout pages the sandbox's URLs point at, over plain HTTP: the card form pays through the
// same life cycle as the REST endpoints and redirects (303) to the success or failed URL, the 3-D
// Secure challenge passes or fails, bad input shows the form again, and links are refused when forged
// (403), bound to another transaction (403) or expired on the sandbox clock (410).
import { describe, expect, it } from 'vitest';
import { actOn, type Json } from './support/act';
import { useWorld } from '../support/world';

const f = useWorld({ graph: false, clock: 'manual' });
const act = actOn(f);
const cards = () => f.sandbox.seedSummary.testCards;
const SHOP = { successUrl: 'https://shop.example/ok?order=7', failedUrl: 'https://shop.example/failed' };

async function newTransaction(extra: Json = {}): Promise<Json> {
  const lineItems = [
    { name: 'Shirt & <Tie>', quantity: 2, amountIncludingTax: 80, type: 'PRODUCT', uniqueId: 'shirt' },
  ];
  const res = await act('createTransaction', {
    body: { currency: 'CHF', completionBehavior: 'COMPLETE_DEFERRED', lineItems, ...extra },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function pageUrl(id: number, operationId = 'getTransactionPaymentPageUrl'): Promise<string> {
  const res = await act(operationId, { params: { id } });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

const state = async (id: number): Promise<Json> => (await act('getTransaction', { params: { id } })).body;

function submit(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

const payWith = (url: string, cardNumber: string, extra: Record<string, string> = {}) =>
  submit(url, { cardNumber, expiry: '12/30', ...extra });

describe('the payment page', () => {
  it('shows the order escaped, with the test cards, and no external assets', async () => {
    const tx = await newTransaction({ merchantReference: '<script>alert(1)</script>' });
    const url = await pageUrl(tx.id);
    expect(new URL(url).origin).toBe(f.sandbox.origin);
    const res = await fetch(url);
    const page = await res.text();
    expect([res.status, res.headers.get('content-type'), res.headers.get('referrer-policy')]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-referrer',
    ]);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page).toContain('2 × Shirt &amp; &lt;Tie&gt;');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('80.00 CHF');
    for (const number of Object.values(cards()))
      expect(page).toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(page).not.toMatch(/(src|href)="https?:/);
  });

  it('pays with the approving card: 303 to the success URL, the transaction AUTHORIZED with that card', async () => {
    const tx = await newTransaction(SHOP);
    const url = await pageUrl(tx.id);
    const res = await payWith(url, cards().approve.replace(/(\d{4})/g, '$1 '));
    expect([res.status, res.headers.get('location')]).toEqual([303, SHOP.successUrl]);
    const after = await state(tx.id);
    expect([after.state, after.authorizationAmount]).toEqual(['AUTHORIZED', 80]);
    const attempts = await act('searchChargeAttempts', { query: { query: `linkedTransaction:${tx.id}` } });
    expect(attempts.body.data.map((a: Json) => a.state)).toEqual(['SUCCESSFUL']);
    // Decided: the page now says so instead of offering the form again.
    const again = await fetch(url);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('AUTHORIZED');
  });

  it('completes on authorization when the transaction says COMPLETE_IMMEDIATELY', async () => {
    const tx = await newTransaction({ ...SHOP, completionBehavior: 'COMPLETE_IMMEDIATELY' });
    const res = await payWith(await pageUrl(tx.id), cards().approve);
    expect(res.status).toBe(303);
    expect((await state(tx.id)).state).toBe('FULFILL');
  });

  it('declines and fails with the declining and failing cards: 303 to the failed URL', async () => {
    for (const [card, expected] of [
      [cards().decline, 'DECLINE'],
      [cards().fail, 'FAILED'],
    ]) {
      const tx = await newTransaction(SHOP);
      const res = await payWith(await pageUrl(tx.id), card);
      expect([res.status, res.headers.get('location')]).toEqual([303, SHOP.failedUrl]);
      expect((await state(tx.id)).state).toBe(expected);
    }
  });

  it('shows the form again, saying why, for a card that cannot be charged; nothing changes', async () => {
    const tx = await newTransaction(SHOP);
    const url = await pageUrl(tx.id);
    const luhn = await payWith(url, '4111111111111112', { holder: 'Ada <Lovelace>' });
    const text = await luhn.text();
    expect(luhn.status).toBe(422);
    expect(text).toContain('not a valid card number');
    expect(text).toContain('value="Ada &lt;Lovelace&gt;"');
    const expired = await payWith(url, cards().approve, { expiry: '01/20' });
    expect([expired.status, (await expired.text()).includes('expired')]).toEqual([422, true]);
    expect([(await state(tx.id)).state, (await state(tx.id)).version]).toEqual(['PENDING', 1]);
  });

  it('lands on the sandbox result page when the transaction has no success URL', async () => {
    const tx = await newTransaction();
    const res = await payWith(await pageUrl(tx.id), cards().approve);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${f.sandbox.origin}/s/${f.space}/payment/transaction/result?`)).toBe(true);
    const result = await fetch(location);
    expect([result.status, (await result.text()).includes('AUTHORIZED')]).toEqual([200, true]);
  });
});

describe('the 3-D Secure challenge', () => {
  async function challenged(extra: Json = SHOP): Promise<{ id: number; challenge: string }> {
    const tx = await newTransaction(extra);
    const res = await payWith(await pageUrl(tx.id), cards().threeDSecure);
    expect(res.status).toBe(303);
    const challenge = res.headers.get('location')!;
    expect(new URL(challenge).pathname).toBe(`/s/${f.space}/payment/3ds/challenge`);
    expect((await state(tx.id)).state).toBe('PROCESSING');
    return { id: tx.id, challenge };
  }

  it('passed: 303 to the success URL, AUTHORIZED, the one attempt SUCCESSFUL', async () => {
    const { id, challenge } = await challenged();
    const page = await fetch(challenge);
    expect([page.status, (await page.text()).includes('Visa •••• 3220')]).toEqual([200, true]);
    const res = await submit(challenge, { answer: 'pass' });
    expect([res.status, res.headers.get('location')]).toEqual([303, SHOP.successUrl]);
    expect((await state(id)).state).toBe('AUTHORIZED');
    const attempts = await act('searchChargeAttempts', { query: { query: `linkedTransaction:${id}` } });
    expect(attempts.body.data.map((a: Json) => a.state)).toEqual(['SUCCESSFUL']);
    // Answered: nothing waits any more.
    expect((await submit(challenge, { answer: 'pass' })).status).toBe(409);
  });

  it('failed: 303 to the failed URL, FAILED with "Authentication failed"', async () => {
    const { id, challenge } = await challenged();
    expect((await submit(challenge, { answer: 'maybe' })).status).toBe(400);
    const res = await submit(challenge, { answer: 'fail' });
    expect([res.status, res.headers.get('location')]).toEqual([303, SHOP.failedUrl]);
    const after = await state(id);
    expect([after.state, after.failureReason?.name?.['en-US']]).toEqual(['FAILED', 'Authentication failed']);
  });

  it('the payment page of a transaction waiting for its challenge leads to the challenge', async () => {
    const { id, challenge } = await challenged();
    const res = await fetch(await pageUrl(id), { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname).toBe(new URL(challenge).pathname);
  });
});

describe('links: who may open them', () => {
  it('refuses a forged token and a token of another transaction (403), an unknown page (404), another method (405)', async () => {
    const [a, b] = [await newTransaction(), await newTransaction()];
    const url = new URL(await pageUrl(a.id));
    const token = url.searchParams.get('securityToken')!;
    const forged = new URL(url);
    forged.searchParams.set('securityToken', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    const swapped = new URL(url);
    swapped.searchParams.set('transactionId', String(b.id));
    const missing = new URL(url);
    missing.searchParams.delete('securityToken');
    for (const bad of [forged, swapped, missing]) {
      const res = await fetch(bad);
      expect(res.status, bad.search).toBe(403);
      expect(await res.text()).toContain('not valid');
    }
    const unknown = await fetch(`${f.sandbox.origin}/s/${f.space}/payment/nowhere${url.search}`);
    expect(unknown.status).toBe(404);
    const put = await fetch(url, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    // Nothing was paid by any of it.
    expect((await state(a.id)).state).toBe('PENDING');
  });

  it('refuses an expired link (410) once the sandbox clock passes its lifetime', async () => {
    const tx = await newTransaction();
    const url = await pageUrl(tx.id);
    expect((await fetch(url)).status).toBe(200);
    f.sandbox.clock.advance(f.sandbox.state.settings.credentialsTtlSeconds + 1);
    const res = await fetch(url);
    expect([res.status, (await res.text()).includes('expired')]).toEqual([410, true]);
    expect((await payWith(url, cards().approve)).status).toBe(410);
    // A fresh URL works again.
    expect((await fetch(await pageUrl(tx.id))).status).toBe(200);
  });
});

describe('the iframe and lightbox scripts', () => {
  it('are JavaScript that embeds this transaction’s payment page', async () => {
    const tx = await newTransaction();
    for (const [operationId, global] of [
      ['getTransactionIframeJavascriptUrl', 'IframeCheckoutHandler'],
      ['getTransactionLightboxJavascriptUrl', 'LightboxCheckoutHandler'],
    ]) {
      const url = new URL(await pageUrl(tx.id, operationId));
      const res = await fetch(url);
      const source = await res.text();
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
      expect(source).toContain(`window.${global}`);
      const embedded = JSON.parse(/new URL\(("[^"]+")\)/.exec(source)![1]) as string;
      expect(embedded).toBe(`${f.sandbox.origin}/s/${f.space}/payment/transaction/pay${url.search}`);
      expect((await fetch(embedded)).status).toBe(200);
    }
  });

  it('embedded, the sandbox pages stay in the frame and the shop page is handed to the merchant page', async () => {
    const tx = await newTransaction(SHOP);
    const url = new URL(await pageUrl(tx.id));
    url.searchParams.set('embedded', '1');
    const challenge = await payWith(url.toString(), cards().threeDSecure);
    expect(challenge.status).toBe(303);
    const framed = new URL(challenge.headers.get('location')!);
    expect([framed.pathname, framed.searchParams.get('embedded')]).toEqual([
      `/s/${f.space}/payment/3ds/challenge`,
      '1',
    ]);
    const answered = await submit(framed.toString(), { answer: 'pass' });
    const page = await answered.text();
    expect(answered.status).toBe(200);
    expect(page).toContain(
      `parent.postMessage({ type: 'paygraph:redirect', url: ${JSON.stringify(SHOP.successUrl)} }, '*')`,
    );
    expect(page).toContain(`href="${SHOP.successUrl.replace('&', '&amp;')}" target="_top"`);
    expect((await state(tx.id)).state).toBe('AUTHORIZED');
  });
});
