// The checkout pages: the card form, the 3-D Secure challenge, the result and the error page. Each
// returns a document for ./html.ts; nothing here touches the store.
import { TEST_CARDS } from '../seed';
import type { Stored } from '../store';
import { html, jsString, type Document, type Html } from './html';

const CARD_HINTS: [keyof typeof TEST_CARDS, string][] = [
  ['approve', 'approved'],
  ['threeDSecure', 'asks for 3-D Secure, then approved or failed on the challenge page'],
  ['decline', 'declined'],
  ['fail', 'fails (processor error)'],
];

const spaced = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

function money(amount: unknown, currency: unknown): string {
  const value = Number(amount ?? 0);
  return `${Number.isFinite(value) ? value.toFixed(2) : String(amount)} ${String(currency ?? '')}`.trim();
}

function orderSummary(transaction: Stored<'Transaction'>): Html {
  const items = transaction.lineItems ?? [];
  const rows = items.map(
    (item) =>
      html`<tr>
        <td>${item.quantity ?? 1} × ${item.name ?? item.uniqueId ?? 'Item'}</td>
        <td class="amount">${money(item.amountIncludingTax, transaction.currency)}</td>
      </tr>`,
  );
  return html`<table>
    ${rows}
    <tr class="total">
      <td>Total</td>
      <td class="amount" data-testid="total">
        ${money(transaction.authorizationAmount, transaction.currency)}
      </td>
    </tr>
  </table>`;
}

function heading(transaction: Stored<'Transaction'>, title: string): Html {
  return html`<h1>${title}</h1>
    <p class="muted">
      Transaction
      ${transaction.id}${transaction.merchantReference ? html` · ${transaction.merchantReference}` : ''}
      <span class="badge">TEST</span>
    </p>`;
}

export interface CardFormInput {
  transaction: Stored<'Transaction'>;
  /** Where the form posts: the page's own URL. */
  action: string;
  error?: string;
  /** What the buyer typed last time (never the card number or code). */
  expiry?: string;
  holder?: string;
  /** Inside the iframe or lightbox: the merchant page's script may submit the form. */
  embedded: boolean;
}

export function cardForm(input: CardFormInput): Document {
  const { transaction } = input;
  const hints = CARD_HINTS.map(
    ([key, what]) => html`<li><code>${spaced(TEST_CARDS[key])}</code> ${what}</li>`,
  );
  const body = html`${heading(transaction, 'Pay by card')}${orderSummary(transaction)}
    ${input.error ? html`<div class="error" role="alert">${input.error}</div>` : ''}
    <form method="post" action="${input.action}" autocomplete="off">
      <label for="cardNumber">Card number</label>
      <input
        id="cardNumber"
        name="cardNumber"
        inputmode="numeric"
        placeholder="4111 1111 1111 1111"
        required
      />
      <div class="row">
        <div>
          <label for="expiry">Expiry (MM/YY)</label>
          <input id="expiry" name="expiry" placeholder="12/30" value="${input.expiry ?? ''}" required />
        </div>
        <div>
          <label for="cvc">Security code (optional)</label
          ><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" />
        </div>
      </div>
      <label for="holder">Cardholder name (optional)</label
      ><input id="holder" name="holder" value="${input.holder ?? ''}" />
      <button type="submit" id="pay">
        Pay ${money(transaction.authorizationAmount, transaction.currency)}
      </button>
    </form>
    <div class="cards">
      Test cards (any future expiry):
      <ul>
        ${hints}
      </ul>
      Any other valid card number is approved.
    </div>`;
  // The iframe integration's submit() asks the embedded form to submit itself.
  const script = input.embedded
    ? `addEventListener('message', function (e) { if (e.data === 'paygraph:submit') document.querySelector('form').requestSubmit(); });`
    : undefined;
  return { status: input.error ? 422 : 200, title: 'Pay by card', body, script };
}

export function challengePage(transaction: Stored<'Transaction'>, action: string, card: string): Document {
  const body = html`${heading(transaction, '3-D Secure')}
    <p>
      Your bank asks you to confirm the payment of
      <strong>${money(transaction.authorizationAmount, transaction.currency)}</strong> with
      <strong>${card}</strong>.
    </p>
    <p class="muted">Sandbox challenge: choose how the authentication ends.</p>
    <form method="post" action="${action}">
      <button type="submit" name="answer" value="pass" id="pass">Authenticate</button>
      <button type="submit" name="answer" value="fail" id="fail" class="secondary">
        Fail authentication
      </button>
    </form>`;
  return { status: 200, title: '3-D Secure', body };
}

const OUTCOMES: Record<string, string> = {
  AUTHORIZED: 'The payment was authorized.',
  COMPLETED: 'The payment was authorized and completed.',
  FULFILL: 'The payment was authorized and completed.',
  DECLINE: 'The payment was declined.',
  FAILED: 'The payment failed.',
  VOIDED: 'The payment was authorized, then voided.',
};

/** The sandbox's own result page (transactions without success or failed URL), and the page of a decided transaction. */
export function resultPage(transaction: Stored<'Transaction'>, status = 200): Document {
  const reason = transaction.failureReason?.name;
  const body = html`${heading(transaction, 'Payment result')}
    <p data-testid="state">State: <strong>${transaction.state}</strong></p>
    <p>${OUTCOMES[String(transaction.state)] ?? 'The payment is not decided yet.'}</p>
    ${reason?.['en-US'] ? html`<p class="muted">Reason: ${reason['en-US']}</p>` : ''}`;
  return { status, title: 'Payment result', body };
}

/** Inside the iframe or lightbox: hands the next URL to the merchant page's script, which goes there. */
export function breakOut(url: string): Document {
  const body = html`<h1>Payment decided</h1>
    <p><a href="${url}" target="_top" id="continue">Continue</a></p>`;
  return {
    status: 200,
    title: 'Continue',
    body,
    script: `parent.postMessage({ type: 'paygraph:redirect', url: ${jsString(url)} }, '*');`,
  };
}

export function errorPage(status: number, title: string, message: string): Document {
  return {
    status,
    title,
    body: html`<h1>${title}</h1>
      <div class="error" role="alert">${message}</div>`,
  };
}
