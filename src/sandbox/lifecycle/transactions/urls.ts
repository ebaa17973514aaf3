// The URLs the API hands out for a transaction (payment page, iframe and lightbox scripts, charge
// flow page, mobile SDK, 3-D Secure challenge, result). They point at the sandbox itself, which serves
// them (see ../checkout): each carries the space id, the transaction id and a security token, which is
// the transaction's credentials (signed, bound to the transaction, expiring on the sandbox clock).
import type { Store, Stored } from '../../store';
import { issueCredentials } from './credentials';

export type CheckoutPage =
  | 'payment/transaction/pay'
  | 'payment/iframe/javascript'
  | 'payment/lightbox/javascript'
  | 'payment/charge-flow/pay'
  | 'payment/mobile-sdk'
  | 'payment/3ds/challenge'
  | 'payment/transaction/result';

export const CHECKOUT_PAGES: readonly CheckoutPage[] = [
  'payment/transaction/pay',
  'payment/iframe/javascript',
  'payment/lightbox/javascript',
  'payment/charge-flow/pay',
  'payment/mobile-sdk',
  'payment/3ds/challenge',
  'payment/transaction/result',
];

export interface CheckoutConfig {
  /** Where the sandbox is reached, e.g. `http://127.0.0.1:8081`. */
  origin: string;
  /** How long a handed-out URL stays valid (its token's lifetime), read when one is made. */
  ttlSeconds: () => number;
}

/** Used only by a store that no running sandbox configured (nothing serves it then). */
const UNSERVED: CheckoutConfig = { origin: 'http://checkout.sandbox.invalid', ttlSeconds: () => 3600 };

const configs = new WeakMap<Store, CheckoutConfig>();

/** Called once the sandbox listens: its URLs point at it from then on. */
export function configureCheckout(store: Store, config: CheckoutConfig): void {
  configs.set(store, config);
}

export function checkoutConfig(store: Store): CheckoutConfig {
  return configs.get(store) ?? UNSERVED;
}

export function checkoutUrl(
  store: Store,
  space: number,
  transactionId: number,
  page: CheckoutPage,
  now: Date,
): string {
  const { origin, ttlSeconds } = checkoutConfig(store);
  const securityToken = issueCredentials(store, space, transactionId, ttlSeconds(), now);
  const query = new URLSearchParams({
    spaceId: String(space),
    transactionId: String(transactionId),
    securityToken,
  });
  return `${origin}/s/${space}/${page}?${query.toString()}`;
}

/** Where the buyer goes once the payment is decided: the transaction's success or failed URL, else the sandbox's result page. */
export function returnUrl(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  succeeded: boolean,
  now: Date,
): string {
  const given = succeeded ? transaction.successUrl : transaction.failedUrl;
  return typeof given === 'string' && given
    ? given
    : checkoutUrl(store, space, Number(transaction.id), 'payment/transaction/result', now);
}
