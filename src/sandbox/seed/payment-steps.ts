// The payment steps of a transaction: charge attempts (authorization), voids, completions and
// line item versions. Each sets the transaction fields the step implies.
import type { StoredObject } from '../store';
import { FAILURES, userFailureMessage, type FailureReason } from '../lifecycle/transactions/life-cycle';
import { copy, idOf } from './context';
import { toAmount, taxMinor, totalMinor, withQuantity } from './line-items';
import { DAY, addMs, iso } from './random';
import { at, child, processFields, processorReference, step, updateTx, type TxStory } from './story';

/** Why a payment failed, in the same terms (ids, texts) the sandbox's life cycles use. */
export type AttemptFailure = 'declined' | 'processorError' | 'authenticationFailed' | 'notSuitable';

export function failureOf(kind: AttemptFailure): {
  failureReason: FailureReason;
  message: string | undefined;
} {
  const failureReason = copy(FAILURES[kind]);
  return { failureReason, message: userFailureMessage(failureReason) };
}

/** A charge attempt in `state`; a FAILED one records its failure on the transaction too. */
export function chargeAttempt(
  story: TxStory,
  state: 'PROCESSING' | 'FAILED' | 'SUCCESSFUL',
  why: AttemptFailure = 'processorError',
) {
  const { ctx, space, tx } = story;
  step(story, 1, 3);
  const failure = state === 'FAILED' ? failureOf(why) : undefined;
  const charge = {
    id: ctx.store.nextId(),
    type: story.tokenVersionId ? 'TOKEN' : 'SYNCHRONOUS',
    state: state === 'PROCESSING' ? 'PENDING' : state,
    createdOn: at(story),
    linkedSpaceId: space.id,
    language: tx.language,
    timeZone: space.timeZone,
    version: 1,
  };
  const attempt = child(story, 'ChargeAttempt', {
    linkedTransaction: tx.id,
    charge,
    state,
    connectorConfiguration: tx.paymentConnectorConfiguration,
    ...(story.tokenVersionId ? { tokenVersion: story.tokenVersionId, initializingTokenVersion: false } : {}),
    salesChannel: tx.authorizationSalesChannel,
    environment: 'TEST',
    customersPresence: tx.customersPresence,
    completionBehavior: tx.completionBehavior,
    language: tx.language,
    timeZone: space.timeZone,
    timeoutOn: iso(addMs(story.at, DAY)),
    ...(state === 'SUCCESSFUL' ? { succeededOn: at(story) } : {}),
    ...(failure
      ? { failedOn: at(story), failureReason: failure.failureReason, userFailureMessage: failure.message }
      : {}),
  });
  if (failure)
    updateTx(story, {
      failedOn: at(story),
      failureReason: failure.failureReason,
      userFailureMessage: failure.message,
    });
  if (state === 'SUCCESSFUL')
    updateTx(story, { authorizedOn: at(story), completionTimeoutOn: iso(addMs(story.at, 7 * DAY)) });
  return attempt;
}

export function voidTransaction(story: TxStory) {
  step(story, 10, 120);
  return child(story, 'TransactionVoid', {
    ...processFields(story),
    transaction: story.tx.id,
    linkedTransaction: story.tx.id,
    mode: 'ONLINE',
    state: 'SUCCESSFUL',
    processorReference: processorReference(story),
    succeededOn: at(story),
    timeoutOn: iso(addMs(story.at, DAY)),
  });
}

/** A line item version that set the transaction's current line items (e.g. after a basket change). */
export function lineItemVersion(story: TxStory) {
  step(story, 1, 30);
  const items = story.tx.lineItems ?? [];
  return child(story, 'TransactionLineItemVersion', {
    ...processFields(story),
    transaction: story.tx.id,
    linkedTransaction: story.tx.id,
    externalId: `liv-${String(story.tx.id)}`,
    lineItems: copy(items),
    amount: toAmount(story.money, totalMinor(story.money, items)),
    taxAmount: toAmount(story.money, taxMinor(story.money, items)),
    state: 'SUCCESSFUL',
    processingOn: at(story),
    succeededOn: at(story),
  });
}

/** Splits the line items into a first, partial completion and the rest, when that is possible. */
export function partialSplit(story: TxStory): { first: StoredObject[]; rest: StoredObject[] } | undefined {
  const items = story.tx.lineItems ?? [];
  if (items.length > 1) return { first: [items[0]], rest: items.slice(1) };
  const only = items[0];
  const quantity = Number(only.quantity);
  if (quantity < 2) return undefined;
  return {
    first: [withQuantity(story.money, only, 1)],
    rest: [withQuantity(story.money, only, quantity - 1)],
  };
}

/** A successful completion of `items`; the last one completes the transaction. */
export function completion(
  story: TxStory,
  items: StoredObject[],
  remaining: StoredObject[],
  last: boolean,
  lineItemVersionId?: number,
) {
  step(story, 5, 90);
  const created = at(story);
  step(story, 0, 2);
  const amountMinor = totalMinor(story.money, items);
  const done = child(story, 'TransactionCompletion', {
    ...processFields(story),
    linkedTransaction: story.tx.id,
    ...(lineItemVersionId ? { lineItemVersion: lineItemVersionId } : {}),
    externalId: `cmp-${String(story.tx.id)}-${last ? 'final' : 'partial'}`,
    mode: 'ONLINE',
    state: 'SUCCESSFUL',
    processorReference: processorReference(story),
    lastCompletion: last,
    amount: toAmount(story.money, amountMinor),
    taxAmount: toAmount(story.money, taxMinor(story.money, items)),
    lineItems: copy(items),
    // Base and remaining items only tell something when the completion is partial.
    ...(remaining.length ? { baseLineItems: copy(story.tx.lineItems ?? []) } : {}),
    remainingLineItems: copy(remaining),
    statementDescriptor: `PAYGRAPH ${String(story.tx.merchantReference)}`,
    invoiceMerchantReference: story.tx.invoiceMerchantReference,
    timeZone: story.space.timeZone,
    processingOn: created,
    succeededOn: at(story),
    timeoutOn: iso(addMs(story.at, DAY)),
  });
  const completedMinor = Math.round((story.tx.completedAmount ?? 0) * 10 ** story.money.digits) + amountMinor;
  updateTx(story, {
    completedAmount: toAmount(story.money, completedMinor),
    ...(last ? { completedOn: at(story) } : {}),
  });
  return done;
}

/** Completes the whole transaction, sometimes in two steps (a partial completion first). */
export function completeFully(story: TxStory, lineItemVersionId?: number) {
  const split = story.ctx.rng.chance(0.15) ? partialSplit(story) : undefined;
  if (split) {
    completion(story, split.first, split.rest, false, lineItemVersionId);
    return completion(story, split.rest, [], true, lineItemVersionId);
  }
  return completion(story, story.tx.lineItems ?? [], [], true, lineItemVersionId);
}

export const idOrUndefined = (object: StoredObject | undefined): number | undefined =>
  object ? idOf(object) : undefined;
