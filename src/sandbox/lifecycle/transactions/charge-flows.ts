// Charge attempts (one per processing attempt) and charge flow levels (a transaction's charge flow,
// e.g. a payment link sent by email): their life cycles and the objects the processing creates.
import { unprocessable } from '../../errors';
import { createObject } from '../../objects';
import type { Store, Stored, StoredObject } from '../../store';
import { applyTransition, defineLifecycle } from '../machine';
import { userFailureMessage, type FailureReason } from './life-cycle';

export type ChargeAttemptState = 'PROCESSING' | 'FAILED' | 'SUCCESSFUL';
export type ChargeFlowLevelState = 'PENDING' | 'FAILED' | 'SUCCESSFUL';

export const chargeAttemptLifecycle = defineLifecycle<ChargeAttemptState, 'ChargeAttempt'>({
  model: 'ChargeAttempt',
  field: 'state',
  actions: {
    succeed: { from: ['PROCESSING'], to: 'SUCCESSFUL' },
    fail: { from: ['PROCESSING'], to: 'FAILED' },
  },
});

export const chargeFlowLevelLifecycle = defineLifecycle<ChargeFlowLevelState, 'ChargeFlowLevel'>({
  model: 'ChargeFlowLevel',
  field: 'state',
  actions: {
    // Sending the payment link again keeps the level open; the version records that it happened.
    sendMessage: { from: ['PENDING'], to: 'PENDING' },
    succeed: { from: ['PENDING'], to: 'SUCCESSFUL' },
    fail: { from: ['PENDING'], to: 'FAILED' },
  },
});

const DAY_MS = 24 * 3600 * 1000;

export interface AttemptInput {
  chargeType: 'SYNCHRONOUS' | 'ASYNCHRONOUS' | 'TOKEN';
  connectorConfiguration?: number;
  tokenVersion?: number;
  redirectionUrl?: string;
}

/** A new PROCESSING charge attempt for the transaction, with its embedded charge. */
export function startChargeAttempt(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  input: AttemptInput,
  now: Date,
) {
  const charge: StoredObject = {
    id: store.nextId(),
    type: input.chargeType,
    state: 'PENDING',
    createdOn: now.toISOString(),
    linkedSpaceId: space,
    version: 1,
    language: transaction.language,
    timeZone: transaction.timeZone,
  };
  return createObject(
    store,
    'ChargeAttempt',
    space,
    {
      state: 'PROCESSING',
      linkedTransaction: transaction.id,
      charge,
      connectorConfiguration: input.connectorConfiguration,
      tokenVersion: input.tokenVersion,
      redirectionUrl: input.redirectionUrl,
      environment: transaction.environment === 'LIVE' ? 'PRODUCTION' : 'TEST',
      completionBehavior: transaction.completionBehavior,
      customersPresence: transaction.customersPresence,
      initializingTokenVersion: false,
      language: transaction.language,
      timeZone: transaction.timeZone,
      spaceViewId: transaction.spaceViewId,
      timeoutOn: new Date(now.getTime() + DAY_MS).toISOString(),
      labels: [],
    },
    now,
  );
}

/** Ends a PROCESSING attempt: SUCCESSFUL, or FAILED with the failure reason. */
export function finishChargeAttempt(
  store: Store,
  space: number,
  attemptId: number,
  failure: FailureReason | undefined,
  now: Date,
) {
  const action = failure ? 'fail' : 'succeed';
  return applyTransition(store, chargeAttemptLifecycle, attemptId, space, action, (attempt) => {
    const charge = { ...attempt.charge, state: failure ? 'FAILED' : 'SUCCESSFUL', failureReason: failure };
    return failure
      ? {
          ...attempt,
          charge,
          failureReason: failure,
          failedOn: now.toISOString(),
          userFailureMessage: userFailureMessage(failure),
        }
      : { ...attempt, charge, succeededOn: now.toISOString() };
  });
}

/** Attempts of a transaction that are still PROCESSING (a 3-D Secure challenge in progress). */
export function openAttempts(store: Store, space: number, transactionId: number) {
  return store
    .where('ChargeAttempt', 'linkedTransaction', transactionId, space)
    .filter((a) => a.state === 'PROCESSING');
}

export function pendingLevelOf(store: Store, space: number, transactionId: number) {
  return store
    .where('ChargeFlowLevel', 'linkedTransaction', transactionId, space)
    .find((l) => l.state === 'PENDING');
}

/** The first level of the space's first active charge flow, as a new PENDING level of the transaction. */
export function openChargeFlowLevel(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  now: Date,
) {
  const flow = store.list('ChargeFlow', space).find((f) => f.state === 'ACTIVE');
  if (!flow)
    throw unprocessable(`Space ${space} has no active charge flow to apply.`, { chargeFlow: 'none active' });
  const configuration: StoredObject = {
    id: Number(flow.id),
    name: `${String(flow.name ?? 'Charge flow')}: payment link`,
    period: 'P1D',
    priority: 1,
    state: 'ACTIVE',
    type: 1,
    version: 1,
    linkedSpaceId: space,
    flow,
  };
  return createObject(
    store,
    'ChargeFlowLevel',
    space,
    {
      state: 'PENDING',
      transaction: transaction.id,
      linkedTransaction: transaction.id,
      configuration,
      timeoutOn: new Date(now.getTime() + DAY_MS).toISOString(),
    },
    now,
  );
}

/** Settles the transaction's open charge flow level once the payment's outcome is known. */
export function settleChargeFlowLevel(
  store: Store,
  space: number,
  transactionId: number,
  succeeded: boolean,
): void {
  const level = pendingLevelOf(store, space, transactionId);
  if (level)
    applyTransition(store, chargeFlowLevelLifecycle, Number(level.id), space, succeeded ? 'succeed' : 'fail');
}

/** Sends the level's payment link (again): a payment link record and a version step on the level. */
export function sendLevelMessage(store: Store, space: number, levelId: number, url: string, now: Date) {
  const level = applyTransition(store, chargeFlowLevelLifecycle, levelId, space, 'sendMessage');
  createObject(
    store,
    'ChargeFlowLevelPaymentLink',
    space,
    { chargeFlowLevel: level.id, paymentLink: url },
    now,
  );
  return level;
}
