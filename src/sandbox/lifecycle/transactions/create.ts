// Creating a transaction (PENDING), updating it while PENDING, confirming it: every change of its
// line items is also recorded as a line item version, the latest of which the API can return.
import { unprocessable } from '../../errors';
import { createObject } from '../../objects';
import type { Store, Stored } from '../../store';
import { buildLineItems, taxOf, totalOf, roundTo } from './line-items';
import { guardTransaction, transactionLifecycle, updateVersioned, loadTransaction } from './life-cycle';
import { TRANSACTION_DEFAULTS, lineItemsOf, transactionFields } from './fields';
import { assertTransition } from '../machine';
import { newTransactionGroup } from './groups';

const AUTHORIZATION_TIMEOUT_MS = 24 * 3600 * 1000;

function numericUser(userId: string): number | undefined {
  return /^\d+$/.test(userId) ? Number(userId) : undefined;
}

export function recordLineItemVersion(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  now: Date,
  externalId?: string,
) {
  const { items, digits } = lineItemsOf(transaction);
  return createObject(
    store,
    'TransactionLineItemVersion',
    space,
    {
      state: 'SUCCESSFUL',
      transaction: transaction.id,
      linkedTransaction: transaction.id,
      lineItems: items,
      amount: roundTo(totalOf(items), digits),
      taxAmount: roundTo(taxOf(items), digits),
      externalId: externalId ?? `transaction-${String(transaction.id)}-v${String(transaction.version)}`,
      language: transaction.language,
      spaceViewId: transaction.spaceViewId,
      processingOn: now.toISOString(),
      succeededOn: now.toISOString(),
    },
    now,
  );
}

export function createTransaction(
  store: Store,
  space: number,
  body: Record<string, unknown>,
  now: Date,
  userId: string,
) {
  const fields = transactionFields(store, space, body);
  const transaction = createObject(
    store,
    'Transaction',
    space,
    {
      ...TRANSACTION_DEFAULTS,
      ...fields,
      state: 'PENDING',
      createdBy: numericUser(userId),
      group: newTransactionGroup(store, space, fields.customerId, now.toISOString()),
      authorizationTimeoutOn: new Date(now.getTime() + AUTHORIZATION_TIMEOUT_MS).toISOString(),
    },
    now,
  );
  recordLineItemVersion(store, space, transaction, now);
  return transaction;
}

/** PATCH while PENDING, with the optimistic-locking rule; a line item change records a new version. */
export function updatePendingTransaction(
  store: Store,
  space: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
) {
  const updated = updateVersioned(store, 'Transaction', id, space, body.version, (current) => {
    guardTransaction(current, 'update');
    return { ...current, ...transactionFields(store, space, body, current) };
  });
  if (body.lineItems !== undefined) recordLineItemVersion(store, space, updated, now);
  return updated;
}

/** Confirm: the pending body's changes (version-checked) and PENDING -> CONFIRMED in one step. */
export function confirmTransaction(
  store: Store,
  space: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
  userId: string,
) {
  const confirmed = updateVersioned(store, 'Transaction', id, space, body.version, (current) => {
    const to = assertTransition(transactionLifecycle, current, 'confirm');
    return {
      ...current,
      ...transactionFields(store, space, body, current),
      state: to,
      confirmedOn: now.toISOString(),
      confirmedBy: numericUser(userId),
    };
  });
  if (body.lineItems !== undefined) recordLineItemVersion(store, space, confirmed, now);
  return confirmed;
}

export function latestLineItemVersion(store: Store, space: number, id: number, now: Date) {
  loadTransaction(store, id, space);
  const versions = store.where('TransactionLineItemVersion', 'linkedTransaction', id, space);
  // Transactions stored without one (demo data) get their first version from their line items.
  return (
    versions[versions.length - 1] ??
    recordLineItemVersion(store, space, loadTransaction(store, id, space), now)
  );
}

/**
 * A new line item version of an AUTHORIZED transaction (POST /line-item-versions): the line items
 * change, their total may not exceed the authorized amount nor fall below what is already completed.
 */
export function adjustLineItems(store: Store, space: number, body: Record<string, unknown>, now: Date) {
  const id = Number(body.transaction);
  const transaction = store.get('Transaction', id, space);
  if (!transaction)
    throw unprocessable(`transaction ${id} does not exist in space ${space}.`, { transaction: 'unknown' });
  guardTransaction(transaction, 'adjustLineItems');
  const { digits } = lineItemsOf(transaction);
  const items = buildLineItems(body.lineItems, digits);
  const total = roundTo(totalOf(items), digits);
  const authorized = Number(transaction.authorizationAmount ?? 0);
  const completed = Number(transaction.completedAmount ?? 0);
  if (total > authorized + 1e-9 || total < completed - 1e-9) {
    throw unprocessable(
      `The new line items total ${total}; it must lie between the completed ${completed} and the authorized ${authorized}.`,
      {
        lineItems: `total between ${completed} and ${authorized}`,
      },
    );
  }
  const updated = store.update('Transaction', id, space, (t) => ({ ...t, lineItems: items }), {
    expectedVersion: transaction.version,
  });
  if (!updated.ok) throw new Error(`transaction ${id} vanished during a line item change`);
  return recordLineItemVersion(store, space, updated.object, now, String(body.externalId));
}
