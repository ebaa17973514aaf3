// Refunds of COMPLETED (or FULFILL) transactions, up to what is left of the completed amount: a refund
// that is not FAILED holds its amount, while the transaction's refundedAmount counts the SUCCESSFUL ones.
import { unprocessable } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, Stored } from '../../store';
import { completionsOf, leftPerLine } from './completions';
import { portionOf, roundTo, totalOf } from '../transactions/line-items';
import { applyTransition, defineLifecycle } from '../machine';
import { failureReason, guardTransaction } from '../transactions/life-cycle';
import { lineItemsOf } from '../transactions/fields';

export type RefundState = 'CREATE' | 'SCHEDULED' | 'PENDING' | 'MANUAL_CHECK' | 'FAILED' | 'SUCCESSFUL';

export const refundLifecycle = defineLifecycle<RefundState, 'Refund'>({
  model: 'Refund',
  field: 'state',
  actions: {
    process: { from: ['CREATE'], to: 'PENDING' },
    requireManualCheck: { from: ['CREATE'], to: 'MANUAL_CHECK' },
    succeed: { from: ['CREATE'], to: 'SUCCESSFUL' },
    markSucceeded: { from: ['PENDING', 'MANUAL_CHECK'], to: 'SUCCESSFUL' },
    markFailed: { from: ['PENDING', 'MANUAL_CHECK'], to: 'FAILED' },
  },
});

/**
 * The outcome rule, by refund type (documented in the sandbox README): merchant-initiated ones are
 * SUCCESSFUL at once; CUSTOMER_INITIATED_AUTOMATIC is PENDING (the processor has not answered yet),
 * CUSTOMER_INITIATED_MANUAL is MANUAL_CHECK (someone must look at it), both ended by mark-succeeded or
 * mark-failed.
 */
const FIRST_STEP: Record<string, 'succeed' | 'process' | 'requireManualCheck'> = {
  MERCHANT_INITIATED_ONLINE: 'succeed',
  MERCHANT_INITIATED_OFFLINE: 'succeed',
  CUSTOMER_INITIATED_AUTOMATIC: 'process',
  CUSTOMER_INITIATED_MANUAL: 'requireManualCheck',
};

const REFUND_FAILED = failureReason(1101, 'INTERNAL', 'Refund failed', 'The refund was marked as failed.');

interface Reduction {
  lineItemUniqueId: string;
  quantityReduction: number;
  unitPriceReduction: number;
}

/** The refunds of a transaction, oldest first. */
function refundsOf(store: Store, space: number, transactionId: unknown) {
  return store.where('Refund', 'transaction', transactionId, space);
}

/**
 * How many units of each line item can still be refunded: what the successful completions completed,
 * less the quantities reduced by every refund that is not FAILED.
 */
function refundableQuantities(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
): Map<string, number> {
  const { items } = lineItemsOf(transaction);
  const left = leftPerLine(store, space, transaction);
  const refundable = new Map(
    items.map((i) => [
      String(i.uniqueId),
      Number(i.quantity) - Math.max(left.get(String(i.uniqueId))?.quantity ?? 0, 0),
    ]),
  );
  for (const refund of refundsOf(store, space, transaction.id)) {
    if (refund.state === 'FAILED') continue;
    for (const r of (refund.reductions as Reduction[] | undefined) ?? []) {
      refundable.set(r.lineItemUniqueId, (refundable.get(r.lineItemUniqueId) ?? 0) - r.quantityReduction);
    }
  }
  return refundable;
}

/** The refunded portions of the line items a list of reductions describes; 422 naming a bad one. */
function reducedLines(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  reductions: Reduction[],
) {
  const { items, digits } = lineItemsOf(transaction);
  const refundable = refundableQuantities(store, space, transaction);
  return reductions.map((r, i) => {
    const at = `reductions[${i}]`;
    const line = items.find((item) => item.uniqueId === r.lineItemUniqueId);
    if (!line)
      throw unprocessable(
        `${at}.lineItemUniqueId '${r.lineItemUniqueId}' is not a line item of the transaction.`,
        {
          [`${at}.lineItemUniqueId`]: 'unknown',
        },
      );
    const quantity = Number(line.quantity);
    const unitPrice = Number(line.unitPriceIncludingTax);
    // Taken off as the reductions are read, so repeats within one refund add up.
    const left = refundable.get(r.lineItemUniqueId) ?? 0;
    if (r.quantityReduction < 0 || r.quantityReduction > left + 1e-9) {
      throw unprocessable(
        `${at}.quantityReduction ${r.quantityReduction} must be between 0 and the ${left} left to refund of line item '${r.lineItemUniqueId}'.`,
        {
          [`${at}.quantityReduction`]: `at most ${left}`,
        },
      );
    }
    refundable.set(r.lineItemUniqueId, left - r.quantityReduction);
    if (r.unitPriceReduction < 0 || r.unitPriceReduction > unitPrice) {
      throw unprocessable(`${at}.unitPriceReduction must be between 0 and ${unitPrice}.`, {
        [`${at}.unitPriceReduction`]: String(r.unitPriceReduction),
      });
    }
    const amount = r.quantityReduction * unitPrice + r.unitPriceReduction * (quantity - r.quantityReduction);
    return portionOf(line, roundTo(amount, digits), r.quantityReduction, digits);
  });
}

/** The transaction a refund body names (directly or through its completion); 422 when it names none. */
function refundedTransaction(
  store: Store,
  space: number,
  body: Record<string, unknown>,
): { transaction: Stored<'Transaction'>; completion?: number } {
  let transactionId = body.transaction as number | undefined;
  let completionId = body.completion as number | undefined;
  if (completionId !== undefined) {
    const completion = store.get('TransactionCompletion', completionId, space);
    if (!completion)
      throw unprocessable(`completion ${completionId} does not exist in space ${space}.`, {
        completion: 'unknown',
      });
    if (transactionId !== undefined && transactionId !== completion.linkedTransaction) {
      throw unprocessable(
        `completion ${completionId} belongs to transaction ${String(completion.linkedTransaction)}, not ${transactionId}.`,
        { completion: 'other transaction' },
      );
    }
    transactionId = Number(completion.linkedTransaction);
  }
  if (transactionId === undefined)
    throw unprocessable('A refund names its transaction (or completion).', { transaction: 'required' });
  const transaction = store.get('Transaction', transactionId, space);
  if (!transaction)
    throw unprocessable(`transaction ${transactionId} does not exist in space ${space}.`, {
      transaction: 'unknown',
    });
  if (completionId === undefined) {
    const completions = completionsOf(store, space, transactionId).filter((c) => c.state === 'SUCCESSFUL');
    completionId = completions.length ? Number(completions[completions.length - 1].id) : undefined;
  }
  return { transaction, completion: completionId };
}

/** What can still be refunded: the completed amount less every refund that is not FAILED. */
export function refundableLeft(store: Store, space: number, transaction: Stored<'Transaction'>): number {
  const { digits } = lineItemsOf(transaction);
  const held = refundsOf(store, space, transaction.id)
    .filter((r) => r.state !== 'FAILED')
    .reduce((sum, r) => sum + Number(r.amount), 0);
  return roundTo(Number(transaction.completedAmount ?? 0) - held, digits);
}

function addRefunded(store: Store, space: number, transactionId: number, amount: number): void {
  const transaction = loadObject(store, 'Transaction', transactionId, space);
  const { digits } = lineItemsOf(transaction);
  store.update(
    'Transaction',
    transactionId,
    space,
    (t) => ({ ...t, refundedAmount: roundTo(Number(t.refundedAmount ?? 0) + amount, digits) }),
    {
      expectedVersion: transaction.version,
    },
  );
}

/**
 * Creates a refund. The externalId is the idempotency key, unique per transaction: a repeated request
 * returns the refund it created the first time and refunds nothing more.
 */
export function createRefund(store: Store, space: number, body: Record<string, unknown>, now: Date) {
  const { transaction, completion } = refundedTransaction(store, space, body);
  const earlier = refundsOf(store, space, transaction.id).find((r) => r.externalId === body.externalId);
  if (earlier) return earlier;
  guardTransaction(transaction, 'refund');
  const { items, digits } = lineItemsOf(transaction);
  const reductions = (body.reductions as Reduction[] | undefined) ?? [];
  const lines = reducedLines(store, space, transaction, reductions);
  const amount = roundTo(reductions.length ? totalOf(lines) : Number(body.amount ?? NaN), digits);
  if (body.amount !== undefined && reductions.length && Math.abs(Number(body.amount) - amount) > 1e-9) {
    throw unprocessable(
      `amount ${String(body.amount)} does not match the reductions, which add up to ${amount}.`,
      {
        amount: `reductions give ${amount}`,
      },
    );
  }
  if (!(amount > 0))
    throw unprocessable('A refund needs a positive amount or reductions that add up to one.', {
      amount: 'must be positive',
    });
  const left = refundableLeft(store, space, transaction);
  if (amount > left + 1e-9) {
    throw unprocessable(
      `amount ${amount} is more than the ${left} left to refund of transaction ${String(transaction.id)}.`,
      {
        amount: `at most ${left}`,
      },
    );
  }
  const created = createObject(
    store,
    'Refund',
    space,
    {
      state: 'CREATE',
      type: body.type,
      externalId: body.externalId,
      merchantReference: body.merchantReference,
      transaction: transaction.id,
      completion,
      amount,
      reductions: reductions.map((r) => ({ ...r })),
      lineItems: lines,
      reducedLineItems: lines,
      baseLineItems: items,
      taxes: [],
      totalAppliedFees: 0,
      totalSettledAmount: 0,
      environment: transaction.environment,
      language: transaction.language,
      timeZone: transaction.timeZone,
      labels: [],
      processingOn: now.toISOString(),
      timeoutOn: new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    },
    now,
  );
  const step = FIRST_STEP[String(body.type)] ?? 'succeed';
  const refund = applyTransition(store, refundLifecycle, Number(created.id), space, step, (r) =>
    step === 'succeed' ? { ...r, succeededOn: now.toISOString() } : r,
  );
  if (step === 'succeed') addRefunded(store, space, Number(transaction.id), amount);
  return refund;
}

export function markRefundSucceeded(store: Store, space: number, id: number, now: Date) {
  const refund = applyTransition(store, refundLifecycle, id, space, 'markSucceeded', (r) => ({
    ...r,
    succeededOn: now.toISOString(),
  }));
  addRefunded(store, space, Number(refund.transaction), Number(refund.amount));
  return refund;
}

export function markRefundFailed(store: Store, space: number, id: number, now: Date) {
  return applyTransition(store, refundLifecycle, id, space, 'markFailed', (r) => ({
    ...r,
    failedOn: now.toISOString(),
    failureReason: REFUND_FAILED,
  }));
}
