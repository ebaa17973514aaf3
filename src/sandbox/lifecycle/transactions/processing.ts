// The common end of every way of paying (card, token, one-click, charge flow): the transaction walks
// its transition table (auto-confirming a PENDING transaction first when it allows that), a charge
// attempt records the try, tokenization happens on success, an open charge flow level is settled, and
// a transaction that completes on authorization is completed online at once.
// Every step is checked before the first one is applied, so a refusal changes nothing.
import { unprocessable } from '../../errors';
import type { Store, Stored, StoredObject } from '../../store';
import { applyTransition, assertTransition } from '../machine';
import { finishChargeAttempt, openAttempts, settleChargeFlowLevel, startChargeAttempt } from './charge-flows';
import { transactionLifecycle, loadTransaction, userFailureMessage } from './life-cycle';
import { internalsOf, type PaymentRecord } from './internals';
import { tokenizeAfterAuthorization, type PaymentMeans } from '../tokens';
import { completeTransaction } from '../after-sales/completions';

const COMPLETION_TIMEOUT_MS = 7 * 24 * 3600 * 1000;

export type FinalAction = 'authorize' | 'decline' | 'fail' | 'startProcessing';

/** The actions from the current state to `final`: a PENDING transaction confirms itself first when auto-confirmation is on. */
export function pathTo(transaction: Stored<'Transaction'>, final: FinalAction): string[] {
  const autoConfirm = transaction.state === 'PENDING' && transaction.autoConfirmationEnabled !== false;
  return autoConfirm ? ['confirm', final] : [final];
}

/** 422 unless every action of the path is allowed in turn; changes nothing. */
export function assertPath(transaction: Stored<'Transaction'>, actions: string[]): void {
  let probe = transaction;
  for (const action of actions)
    probe = { ...probe, state: assertTransition(transactionLifecycle, probe, action) };
}

/** Applies a checked path; `change` shapes the object at the last step. */
export function applyPath(
  store: Store,
  space: number,
  id: number,
  actions: string[],
  now: Date,
  change: (t: Stored<'Transaction'>) => StoredObject,
) {
  assertPath(loadTransaction(store, id, space), actions);
  let result: Stored<'Transaction'> | undefined;
  actions.forEach((action, i) => {
    const last = i === actions.length - 1;
    result = applyTransition(store, transactionLifecycle, id, space, action, (t) => {
      const stepped = action === 'confirm' ? { ...t, confirmedOn: now.toISOString() } : t;
      return last ? change(stepped) : stepped;
    });
  });
  return result!;
}

export interface Payment {
  record: PaymentRecord;
  means: PaymentMeans;
  connectorConfiguration?: number;
  chargeType: 'SYNCHRONOUS' | 'ASYNCHRONOUS' | 'TOKEN';
  tokenVersion?: number;
  /** Set on success only: the token the payment was made with (one-click, token payments). */
  token?: number;
}

/** The outcome of a processing step: the transaction as it is afterwards and the attempt that recorded it. */
export interface Processed {
  transaction: Stored<'Transaction'>;
  attempt: Stored<'ChargeAttempt'>;
}

/** The attempt still open from a 3-D Secure challenge, or a new one. */
function attemptFor(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  payment: Payment,
  now: Date,
) {
  const open = openAttempts(store, space, Number(transaction.id))[0];
  return open ?? startChargeAttempt(store, space, transaction, payment, now);
}

/** Authorizes the transaction with `payment` (tokenizing when the transaction asks for it). */
export function authorize(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  payment: Payment,
  now: Date,
): Processed {
  const id = Number(transaction.id);
  const actions = pathTo(transaction, 'authorize');
  assertPath(transaction, actions);
  if (Number(transaction.authorizationAmount ?? 0) < 0)
    throw unprocessable(`Transaction ${id} has a negative amount.`);
  const attempt = attemptFor(store, space, transaction, payment, now);
  const tokenId = payment.token ?? tokenizeAfterAuthorization(store, space, transaction, payment.means, now);
  const authorized = applyPath(store, space, id, actions, now, (t) => ({
    ...t,
    authorizedOn: now.toISOString(),
    processingOn: t.processingOn ?? now.toISOString(),
    completionTimeoutOn: new Date(now.getTime() + COMPLETION_TIMEOUT_MS).toISOString(),
    paymentConnectorConfiguration: payment.connectorConfiguration ?? t.paymentConnectorConfiguration,
    token: tokenId ?? t.token,
    failureReason: undefined,
    userFailureMessage: undefined,
  }));
  internalsOf(store, id).payment = payment.record;
  const finished = finishChargeAttempt(store, space, Number(attempt.id), undefined, now);
  settleChargeFlowLevel(store, space, id, true);
  if (!completesOnAuthorization(authorized)) return { transaction: authorized, attempt: finished };
  completeTransaction(store, space, id, 'ONLINE', undefined, now);
  return { transaction: loadTransaction(store, id, space), attempt: finished };
}

/**
 * What USE_CONFIGURATION means in the sandbox: every space is configured to complete on
 * authorization, as the demo spaces of the service are.
 */
const SPACE_COMPLETION_BEHAVIOR = 'COMPLETE_IMMEDIATELY';

/** COMPLETE_IMMEDIATELY (directly or through the space's configuration) completes on authorization. */
export function completesOnAuthorization(transaction: Stored<'Transaction'>): boolean {
  const behavior =
    transaction.completionBehavior === 'USE_CONFIGURATION'
      ? SPACE_COMPLETION_BEHAVIOR
      : transaction.completionBehavior;
  return behavior === 'COMPLETE_IMMEDIATELY';
}

/** Ends the transaction DECLINE or FAILED with the failure reason. */
export function refuse(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  payment: Payment,
  action: 'decline' | 'fail',
  reason: StoredObject,
  now: Date,
): Processed {
  const id = Number(transaction.id);
  const actions = pathTo(transaction, action);
  assertPath(transaction, actions);
  const attempt = attemptFor(store, space, transaction, payment, now);
  const refused = applyPath(store, space, id, actions, now, (t) => ({
    ...t,
    failureReason: reason,
    failedOn: now.toISOString(),
    processingOn: t.processingOn ?? now.toISOString(),
    userFailureMessage: userFailureMessage(reason),
  }));
  internalsOf(store, id).payment = payment.record;
  const finished = finishChargeAttempt(store, space, Number(attempt.id), reason, now);
  settleChargeFlowLevel(store, space, id, false);
  return { transaction: refused, attempt: finished };
}

/** Moves the transaction to PROCESSING (charge flow); the outcome comes later. */
export function startProcessing(store: Store, space: number, transaction: Stored<'Transaction'>, now: Date) {
  const actions = pathTo(transaction, 'startProcessing');
  return applyPath(store, space, Number(transaction.id), actions, now, (t) => ({
    ...t,
    processingOn: now.toISOString(),
  }));
}

/** Moves the transaction to PROCESSING with an open attempt waiting for a 3-D Secure challenge. */
export function challenge(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  payment: Payment,
  redirectionUrl: string,
  now: Date,
): Processed {
  assertPath(transaction, pathTo(transaction, 'startProcessing'));
  const attempt = startChargeAttempt(store, space, transaction, { ...payment, redirectionUrl }, now);
  return { transaction: startProcessing(store, space, transaction, now), attempt };
}
