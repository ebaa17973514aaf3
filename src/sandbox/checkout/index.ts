// The checkout pages the sandbox's URLs point at (`/s/{space}/payment/...`): the card form of the
// payment page (also behind the charge flow and mobile SDK URLs), the 3-D Secure challenge, the result
// page, and the iframe and lightbox scripts. Paying goes through the same life cycle the REST
// processing endpoints use (card details, 3-D Secure variant); the buyer then lands, by a 303, on the
// transaction's success or failed URL.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxState } from '../context';
import { ApiError } from '../errors';
import { transactionGuards } from '../lifecycle/transactions/life-cycle';
import { processCard } from '../lifecycle/transactions/payments';
import { answerChallenge, openChallenge } from '../lifecycle/transactions/challenges';
import { checkoutConfig, checkoutUrl, type CheckoutPage } from '../lifecycle/transactions/urls';
import { authorizeCheckout, CheckoutRefusal, type CheckoutRequest } from './access';
import { writeDocument, writeRedirect, writeScript, type Document } from './html';
import { breakOut, cardForm, challengePage, errorPage, resultPage } from './pages';
import { iframeScript, lightboxScript } from './scripts';

type Outcome = { document: Document } | { redirect: string } | { script: string };

interface PageHandler {
  get(r: CheckoutRequest, sandbox: SandboxState): Outcome;
  post?(r: CheckoutRequest, form: URLSearchParams, sandbox: SandboxState): Outcome;
}

const PAYABLE = new Set<string>(transactionGuards.paymentPage);

/**
 * Where the buyer goes next: a 303. Inside the iframe or lightbox, the sandbox's own pages stay in the
 * frame, and the shop's pages are reached through the merchant page's script (see ./scripts.ts).
 */
function goTo(r: CheckoutRequest, sandbox: SandboxState, url: string): Outcome {
  if (r.query.get('embedded') !== '1') return { redirect: url };
  if (!url.startsWith(`${checkoutConfig(sandbox.store).origin}/s/`)) return { document: breakOut(url) };
  const framed = new URL(url);
  framed.searchParams.set('embedded', '1');
  return { redirect: framed.toString() };
}

function showCardForm(
  r: CheckoutRequest,
  sandbox: SandboxState,
  error?: string,
  form?: URLSearchParams,
): Outcome {
  const id = Number(r.transaction.id);
  if (openChallenge(sandbox.store, r.space, id)) {
    return goTo(r, sandbox, checkoutUrl(sandbox.store, r.space, id, 'payment/3ds/challenge', sandbox.now()));
  }
  const transaction = sandbox.store.get('Transaction', id, r.space) ?? r.transaction;
  if (!PAYABLE.has(String(transaction.state))) return { document: resultPage(transaction, 409) };
  const embedded = r.query.get('embedded') === '1';
  const typed = { expiry: form?.get('expiry') ?? undefined, holder: form?.get('holder') ?? undefined };
  return { document: cardForm({ transaction, action: r.self, embedded, error, ...typed }) };
}

/** The form's fields as the card details endpoints take them; optional fields left out when empty. */
function cardDataOf(form: URLSearchParams): Record<string, string> {
  const fields: [string, string][] = [
    ['primaryAccountNumber', 'cardNumber'],
    ['expiryDate', 'expiry'],
    ['cardVerificationCode', 'cvc'],
    ['cardHolderName', 'holder'],
  ];
  const entries = fields.map(([field, input]): [string, string] => [field, (form.get(input) ?? '').trim()]);
  return Object.fromEntries(entries.filter(([, value]) => value !== ''));
}

function payByCard(r: CheckoutRequest, form: URLSearchParams, sandbox: SandboxState): Outcome {
  try {
    const result = processCard(
      sandbox.store,
      r.space,
      Number(r.transaction.id),
      { cardData: cardDataOf(form) },
      sandbox.now(),
      true,
    );
    return goTo(r, sandbox, result.redirectUrl!);
  } catch (error) {
    // A card the acquirer cannot charge (or a state that no longer allows paying): the form again, saying why.
    if (error instanceof ApiError && error.status === 422)
      return showCardForm(r, sandbox, error.message, form);
    throw error;
  }
}

const cardPage: PageHandler = { get: (r, sandbox) => showCardForm(r, sandbox), post: payByCard };

const noChallenge = (r: CheckoutRequest, sandbox: SandboxState): Outcome => {
  const state = String(
    sandbox.store.get('Transaction', Number(r.transaction.id), r.space)?.state ?? r.transaction.state,
  );
  return {
    document: errorPage(
      409,
      'No challenge',
      `No 3-D Secure challenge waits for transaction ${String(r.transaction.id)} (it is ${state}).`,
    ),
  };
};

const challenge: PageHandler = {
  get(r, sandbox) {
    const payment = openChallenge(sandbox.store, r.space, Number(r.transaction.id));
    return payment
      ? { document: challengePage(r.transaction, r.self, payment.means.name) }
      : noChallenge(r, sandbox);
  },
  post(r, form, sandbox) {
    const answer = form.get('answer');
    if (answer !== 'pass' && answer !== 'fail') {
      return { document: errorPage(400, 'Unknown answer', 'The challenge form answers "pass" or "fail".') };
    }
    const answered = answerChallenge(
      sandbox.store,
      r.space,
      Number(r.transaction.id),
      answer === 'pass',
      sandbox.now(),
    );
    return answered ? goTo(r, sandbox, answered.redirectUrl) : noChallenge(r, sandbox);
  },
};

/** The payment page of the transaction a script URL names, with the same security token. */
const pageFor = (r: CheckoutRequest, sandbox: SandboxState) =>
  `${checkoutConfig(sandbox.store).origin}/s/${r.space}/payment/transaction/pay?${r.query.toString()}`;

const PAGES: Record<CheckoutPage, PageHandler> = {
  'payment/transaction/pay': cardPage,
  'payment/charge-flow/pay': cardPage,
  'payment/mobile-sdk': cardPage,
  'payment/3ds/challenge': challenge,
  'payment/transaction/result': {
    get: (r, sandbox) => ({
      document: resultPage(
        sandbox.store.get('Transaction', Number(r.transaction.id), r.space) ?? r.transaction,
      ),
    }),
  },
  'payment/iframe/javascript': { get: (r, sandbox) => ({ script: iframeScript(pageFor(r, sandbox)) }) },
  'payment/lightbox/javascript': { get: (r, sandbox) => ({ script: lightboxScript(pageFor(r, sandbox)) }) },
};

export const isCheckoutPath = (url: string): boolean => url.startsWith('/s/');

function outcomeOf(req: IncomingMessage, body: Buffer, sandbox: SandboxState): Outcome {
  const r = authorizeCheckout(sandbox.store, req.url ?? '/', sandbox.now());
  const handler = PAGES[r.page];
  if (req.method === 'GET') return handler.get(r, sandbox);
  if (req.method === 'POST' && handler.post)
    return handler.post(r, new URLSearchParams(body.toString('utf8')), sandbox);
  const allow = handler.post ? 'GET, POST' : 'GET';
  const page = errorPage(
    405,
    'Method not allowed',
    `${req.method ?? ''} is not allowed here; allowed: ${allow}.`,
  );
  return { document: { ...page, headers: { allow } } };
}

/** Serves one checkout request; a refused link is an error page (403 forged, 410 expired, 404 unknown). */
export function handleCheckout(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  sandbox: SandboxState,
): void {
  let outcome: Outcome;
  try {
    outcome = outcomeOf(req, body, sandbox);
  } catch (error) {
    if (!(error instanceof CheckoutRefusal)) throw error;
    outcome = { document: errorPage(error.status, error.title, error.message) };
  }
  if ('redirect' in outcome) writeRedirect(res, outcome.redirect);
  else if ('script' in outcome) writeScript(res, outcome.script);
  else writeDocument(res, outcome.document);
}
