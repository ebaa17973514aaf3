// The URLs the API hands out for a transaction (payment page, iframe and lightbox scripts, charge
// flow page, mobile SDK, 3-D Secure challenge). Each carries the space id, the transaction id and the
// transaction's security token, like the real service's checkout URLs.
import type { Store } from '../store';
import { internalsOf } from './transactions-internals';

/** The sandbox's checkout host: not served, but recognisably the sandbox's and never a real one. */
export const CHECKOUT_ORIGIN = 'https://checkout.sandbox.paygraph.test';

export type CheckoutPage =
  | 'payment/transaction/pay'
  | 'payment/iframe/javascript'
  | 'payment/lightbox/javascript'
  | 'payment/charge-flow/pay'
  | 'payment/mobile-sdk'
  | 'payment/3ds/challenge'
  | 'payment/transaction/result';

export function checkoutUrl(store: Store, space: number, transactionId: number, page: CheckoutPage): string {
  const { securityToken } = internalsOf(store, transactionId);
  const query = new URLSearchParams({ spaceId: String(space), transactionId: String(transactionId), securityToken });
  return `${CHECKOUT_ORIGIN}/s/${space}/${page}?${query.toString()}`;
}
