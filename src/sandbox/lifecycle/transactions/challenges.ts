// 3-D Secure challenges: a card payment that needs authentication waits (the transaction PROCESSING,
// its charge attempt open) until the challenge is answered. Over REST the client answers by sending
// the card again with `cardholderAuthentication`; on the sandbox's challenge page the buyer answers,
// and the card is not sent again: the payment the challenge was opened for is kept here (what it
// records of the card is its last four digits, never the number).
import type { Store } from '../../store';
import { FAILURES, loadTransaction } from './life-cycle';
import { authorize, refuse, type Payment, type Processed } from './processing';
import { returnUrl } from './urls';

const waiting = new WeakMap<Store, Map<number, Payment>>();

function waitingIn(store: Store): Map<number, Payment> {
  let map = waiting.get(store);
  if (!map) {
    map = new Map<number, Payment>();
    waiting.set(store, map);
  }
  return map;
}

/** Keeps the payment a challenge was opened for, until the challenge is answered. */
export function awaitChallenge(store: Store, transactionId: number, payment: Payment): void {
  waitingIn(store).set(transactionId, payment);
}

/** The payment waiting for its challenge, while the transaction waits in PROCESSING for it. */
export function openChallenge(store: Store, space: number, transactionId: number): Payment | undefined {
  const transaction = loadTransaction(store, transactionId, space);
  return transaction.state === 'PROCESSING' ? waitingIn(store).get(transactionId) : undefined;
}

export interface ChallengeAnswer extends Processed {
  /** The transaction's success or failed URL (or the sandbox's result page). */
  redirectUrl: string;
}

/**
 * Answers the open challenge: passed authorizes the transaction with the waiting payment (completing
 * it when its completion behaviour says so), failed ends it FAILED ("Authentication failed").
 * Undefined when no challenge is open.
 */
export function answerChallenge(
  store: Store,
  space: number,
  transactionId: number,
  passed: boolean,
  now: Date,
): ChallengeAnswer | undefined {
  const payment = openChallenge(store, space, transactionId);
  if (!payment) return undefined;
  const transaction = loadTransaction(store, transactionId, space);
  const processed = passed
    ? authorize(store, space, transaction, payment, now)
    : refuse(store, space, transaction, payment, 'fail', FAILURES.authenticationFailed, now);
  waitingIn(store).delete(transactionId);
  return { ...processed, redirectUrl: returnUrl(store, space, transaction, passed, now) };
}
