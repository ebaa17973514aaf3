// The transaction life cycle: one transition table for every state change, plus the guards of the
// actions that need a state but keep it (update, partial completion, refunds, URLs). Everything that
// touches a transaction's state goes through here.
import type { Model } from '../../../api-types';
import { conflict } from '../../errors';
import { assertTransition, defineLifecycle, type TransitionTable } from '../machine';
import { loadObject } from '../../objects';
import type { Key, Store, Stored, StoredObject } from '../../store';

export type TransactionState =
  | 'CREATE'
  | 'PENDING'
  | 'CONFIRMED'
  | 'PROCESSING'
  | 'FAILED'
  | 'AUTHORIZED'
  | 'VOIDED'
  | 'COMPLETED'
  | 'FULFILL'
  | 'DECLINE';

export const transactionLifecycle = defineLifecycle<TransactionState, 'Transaction'>({
  model: 'Transaction',
  field: 'state',
  actions: {
    confirm: { from: ['PENDING'], to: 'CONFIRMED' },
    // A 3-D Secure challenge or an applied charge flow: the outcome is not known yet.
    startProcessing: { from: ['CONFIRMED'], to: 'PROCESSING' },
    authorize: { from: ['CONFIRMED', 'PROCESSING'], to: 'AUTHORIZED' },
    decline: { from: ['CONFIRMED', 'PROCESSING'], to: 'DECLINE' },
    fail: { from: ['CONFIRMED', 'PROCESSING'], to: 'FAILED' },
    cancelChargeFlow: { from: ['PROCESSING'], to: 'FAILED' },
    // The sandbox clock passed its authorization timeout (or the failure of a payment without means).
    timeOut: { from: ['PENDING', 'CONFIRMED', 'PROCESSING'], to: 'FAILED' },
    complete: { from: ['AUTHORIZED'], to: 'COMPLETED' },
    void: { from: ['AUTHORIZED'], to: 'VOIDED' },
    fulfill: { from: ['COMPLETED'], to: 'FULFILL' },
    declineDelivery: { from: ['COMPLETED'], to: 'DECLINE' },
  },
});

/** Actions that require a state but do not change it. */
export const transactionGuards: Record<string, readonly TransactionState[]> = {
  update: ['PENDING'],
  completePartially: ['AUTHORIZED'],
  adjustLineItems: ['AUTHORIZED'],
  refund: ['COMPLETED', 'FULFILL'],
  paymentPage: ['PENDING', 'CONFIRMED', 'PROCESSING'],
  updateChargeFlowRecipient: ['PROCESSING'],
  chargeFlowPaymentPage: ['PROCESSING'],
  processOneClickToken: ['PENDING', 'CONFIRMED'],
};

/** 422 (naming the current state and the action) unless the guarded action is allowed now. */
export function guardTransaction(
  transaction: Stored<'Transaction'>,
  action: keyof typeof transactionGuards,
): void {
  const from = transactionGuards[action];
  const table: TransitionTable = {
    model: 'Transaction',
    field: 'state',
    actions: { [action]: { from, to: String(transaction.state) } },
  };
  assertTransition(table, transaction, action);
}

export function loadTransaction(store: Store, id: Key, space: number | null) {
  return loadObject(store, 'Transaction', id, space);
}

/**
 * The optimistic-locking rule of every update: the body's `version` must equal the stored one, else
 * 409 with the current version and nothing changes. `change` runs inside the same synchronous step
 * and may throw (nothing is written then).
 */
export function updateVersioned<Model extends string>(
  store: Store,
  model: Model,
  id: Key,
  space: number | null,
  version: unknown,
  change: (current: Stored<Model>) => StoredObject,
) {
  loadObject(store, model, id, space);
  const outcome = store.update(model, id, space, change, { expectedVersion: version });
  if (outcome.ok) return outcome.object;
  if (outcome.reason === 'not-found') return loadObject(store, model, id, space);
  const message =
    outcome.reason === 'version-missing'
      ? `The update of ${model} ${id} must carry its current version (${outcome.current}).`
      : `${model} ${id} is at version ${outcome.current}, not ${String(version)}: fetch it again and resend.`;
  throw conflict(message, { version: `current version is ${outcome.current}` });
}

export type FailureReason = Model<'FailureReason'>;

/** A failure reason in the API's shape (localized name and description, category). */
export function failureReason(
  id: number,
  category: FailureReason['category'],
  name: string,
  description: string,
): FailureReason {
  return { id, category, name: { 'en-US': name }, description: { 'en-US': description } };
}

/** What a transaction failed for `reason` tells its customer (`userFailureMessage`). */
export const userFailureMessage = (reason: FailureReason): string | undefined =>
  reason.description?.['en-US'];

export const FAILURES = {
  declined: failureReason(1001, 'END_USER', 'Declined', 'The card issuer declined the payment.'),
  processorError: failureReason(
    1002,
    'TEMPORARY_ISSUE',
    'Processing failed',
    'The processor could not be reached; try again later.',
  ),
  authenticationRequired: failureReason(
    1003,
    'END_USER',
    'Authentication required',
    'The card requires 3-D Secure authentication.',
  ),
  authenticationFailed: failureReason(
    1004,
    'END_USER',
    'Authentication failed',
    'The 3-D Secure authentication was not successful.',
  ),
  chargeFlowCanceled: failureReason(
    1005,
    'END_USER',
    'Charge flow canceled',
    'The charge flow of the transaction was canceled.',
  ),
  notSuitable: failureReason(
    1006,
    'INTERNAL',
    'Not suitable for delivery',
    'The delivery indication was marked as not suitable.',
  ),
  tokenInactive: failureReason(
    1007,
    'CONFIGURATION',
    'No active token version',
    'The token has no active version to charge.',
  ),
  noPaymentMeans: failureReason(
    1008,
    'CONFIGURATION',
    'No payment means',
    'The transaction has no token to charge without interaction.',
  ),
  authorizationTimeout: failureReason(
    1009,
    'END_USER',
    'Authorization timed out',
    'The transaction was not authorized in time.',
  ),
};
