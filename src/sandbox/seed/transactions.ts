// Transactions in every state, each told as a coherent story: what exists for a transaction
// (attempts, voids, completions, invoices, refunds, ...) follows from the state it ends in.
import type { TransactionState } from '../lifecycle/transactions/life-cycle';
import type { Stored, StoredObject } from '../store';
import type { PaymentMethodKey, SeedContext, SpaceIds } from './context';
import { copy, idOf, make } from './context';
import type { SeededCustomer } from './customers';
import { money, randomLineItems, toAmount, totalMinor } from './line-items';
import { connectorsFor, methodsOf } from './payment-config';
import { randomPerson, randomAddress } from './people';
import { DAY, addMs, iso } from './random';
import {
  deliveryIndication,
  invoice,
  invoiceComment,
  refundComment,
  refunds,
  transactionComments,
  clientPlatform,
  type DeliveryDecision,
} from './after-sales';
import {
  chargeAttempt,
  completeFully,
  completion,
  failureOf,
  lineItemVersion,
  partialSplit,
  voidTransaction,
} from './payment-steps';
import { step, updateTx, type TxStory } from './story';
import { chargeFlowLevel } from './followups';

export type { TransactionState };

/** Share of each state; the transient ones are given to the most recent transactions. */
const STATE_WEIGHTS: Record<TransactionState, number> = {
  FULFILL: 32,
  COMPLETED: 24,
  FAILED: 8,
  VOIDED: 5,
  DECLINE: 2,
  AUTHORIZED: 8,
  PROCESSING: 3,
  CONFIRMED: 3,
  PENDING: 6,
  CREATE: 4,
};
const TRANSIENT: TransactionState[] = ['AUTHORIZED', 'PROCESSING', 'CONFIRMED', 'PENDING', 'CREATE'];

/** The states of `count` transactions in creation order: every state at least once, transient ones last. */
export const planStates = (ctx: SeedContext, count: number): TransactionState[] =>
  ctx.rng.plan(STATE_WEIGHTS, count, TRANSIENT);

export interface TransactionSpec {
  space: SpaceIds;
  state: TransactionState;
  customer?: SeededCustomer;
  /** Charge with the customer's token (when the customer has one). */
  useToken?: boolean;
  salesChannel?: 'web' | 'mobile' | 'moto' | 'recurring';
  /** Line items to charge (otherwise a random basket). */
  items?: StoredObject[];
}

function chooseMethod(ctx: SeedContext, space: SpaceIds): PaymentMethodKey {
  const methods = methodsOf(space);
  return ctx.rng.chance(0.65) ? 'card' : ctx.rng.pick(methods);
}

function baseFields(ctx: SeedContext, spec: TransactionSpec, items: StoredObject[]) {
  const { space, customer } = spec;
  const m = money(space.currency);
  const guest = customer ? undefined : randomPerson(ctx.rng, 10_000 + ctx.store.count('Transaction'));
  const billing = customer ? copy(customer.billingAddress) : randomAddress(ctx.rng, guest!, space.country);
  const reference = `ORD-${space.id}-${ctx.rng.chars(8)}`;
  return {
    state: 'CREATE',
    currency: space.currency,
    language: space.language,
    timeZone: space.timeZone,
    lineItems: items,
    authorizationAmount: toAmount(m, totalMinor(m, items)),
    completedAmount: 0,
    refundedAmount: 0,
    totalAppliedFees: 0,
    merchantReference: reference,
    invoiceMerchantReference: `INV-${reference.slice(4)}`,
    ...(customer
      ? { customerId: customer.customer.customerId, customerEmailAddress: customer.customer.emailAddress }
      : { customerEmailAddress: guest!.emailAddress }),
    billingAddress: billing,
    ...(items.some((item) => item.shippingRequired)
      ? { shippingAddress: copy(billing), shippingMethod: 'Standard' }
      : {}),
    customersPresence:
      spec.salesChannel === 'moto' || spec.salesChannel === 'recurring' ? 'NOT_PRESENT' : 'VIRTUAL_PRESENT',
    completionBehavior: 'COMPLETE_DEFERRED',
    environment: 'PREVIEW',
    environmentSelectionStrategy: 'FORCE_TEST_ENVIRONMENT',
    autoConfirmationEnabled: true,
    chargeRetryEnabled: true,
    emailsDisabled: false,
    tokenizationMode: customer ? 'ALLOW_ONE_CLICK_PAYMENT' : undefined,
    userInterfaceType: spec.salesChannel === 'mobile' ? 'MOBILE_SDK' : 'PAYMENT_PAGE',
    successUrl: 'https://shop.paygraph.example/checkout/success',
    failedUrl: 'https://shop.paygraph.example/checkout/failed',
    allowedPaymentMethodConfigurations: methodsOf(space).map((method) => space.methodConfigurations[method]!),
    metaData: { orderNumber: reference },
  };
}

/** Picks connector (and token) once the transaction gets past confirmation. */
function choosePayment(story: TxStory, spec: TransactionSpec): void {
  const { ctx, space } = story;
  const token = spec.customer?.token;
  const useToken = !!token && (spec.useToken ?? ctx.rng.chance(0.4));
  story.method = useToken ? 'card' : chooseMethod(ctx, space);
  story.connectorKey = useToken ? token.connectorKey : ctx.rng.pick(connectorsFor(ctx, space, story.method));
  if (useToken) story.tokenVersionId = token.versionId;
  updateTx(story, {
    paymentConnectorConfiguration: space.connectorConfigurations[story.connectorKey],
    authorizationSalesChannel: ctx.global.salesChannels[spec.salesChannel ?? 'web'],
    authorizationEnvironment: 'TEST',
    authorizationTimeoutOn: iso(addMs(story.at, DAY)),
    ...(useToken ? { token: token.id } : {}),
  });
}

export interface TransactionOutcome {
  transaction: Stored<'Transaction'>;
  /** Invoices created for the transaction, with their states. */
  invoices: StoredObject[];
  /** The delivery decision, for completed transactions. */
  decision?: DeliveryDecision;
}

/** Creates one transaction at the clock's time and tells its story up to `spec.state`. */
export function seedTransaction(ctx: SeedContext, spec: TransactionSpec): TransactionOutcome {
  const m = money(spec.space.currency);
  const items = spec.items ?? randomLineItems(ctx.rng, m, spec.space.country);
  const fields = Object.fromEntries(
    Object.entries(baseFields(ctx, spec, items)).filter(([, v]) => v !== undefined),
  );
  const tx = make(ctx, 'Transaction', spec.space.id, fields);
  const story: TxStory = { ctx, space: spec.space, tx, money: m, at: ctx.clock.current() };
  const outcome: TransactionOutcome = { transaction: tx, invoices: [] };
  if (spec.salesChannel === 'mobile') clientPlatform(story);
  if (spec.state === 'CREATE') return outcome;
  updateTx(story, { state: 'PENDING' });
  if (spec.state === 'PENDING') {
    if (ctx.rng.chance(0.2)) chargeFlowLevel(story, 'PENDING');
    return outcome;
  }
  updateTx(story, { state: 'CONFIRMED', confirmedOn: iso(step(story, 1, 10)), confirmedBy: 1 });
  if (spec.state === 'CONFIRMED') return outcome;
  choosePayment(story, spec);
  updateTx(story, { state: 'PROCESSING', processingOn: iso(step(story, 1, 5)) });
  if (spec.state === 'PROCESSING') {
    chargeAttempt(story, 'PROCESSING');
    return outcome;
  }
  const cardDeclined = spec.state === 'DECLINE' && ctx.rng.chance(0.5);
  if (cardDeclined) {
    chargeAttempt(story, 'FAILED', 'declined');
    updateTx(story, { state: 'DECLINE' });
    return outcome;
  }
  if (spec.state === 'FAILED' || ctx.rng.chance(0.05))
    chargeAttempt(story, 'FAILED', ctx.rng.chance(0.3) ? 'authenticationFailed' : 'processorError');
  if (spec.state === 'FAILED') {
    updateTx(story, { state: 'FAILED' });
    if (ctx.rng.chance(0.1)) chargeFlowLevel(story, 'FAILED');
    return outcome;
  }
  chargeAttempt(story, 'SUCCESSFUL');
  updateTx(story, {
    state: 'AUTHORIZED',
    failedOn: undefined,
    failureReason: undefined,
    userFailureMessage: undefined,
  });
  dropUndefined(tx);
  const liv = ctx.rng.chance(0.15) ? idOf(lineItemVersion(story)) : undefined;
  settle(story, spec.state, liv, outcome);
  if (ctx.rng.chance(0.12)) transactionComments(story);
  return outcome;
}

/** The steps after authorization, up to the final state. */
function settle(
  story: TxStory,
  state: TransactionState,
  livId: number | undefined,
  outcome: TransactionOutcome,
): void {
  const { rng } = story.ctx;
  if (state === 'AUTHORIZED') {
    const split = rng.chance(0.2) ? partialSplit(story) : undefined;
    if (split) completion(story, split.first, split.rest, false, livId);
    return;
  }
  if (state === 'VOIDED') {
    voidTransaction(story);
    updateTx(story, { state: 'VOIDED' });
    return;
  }
  const last = idOf(completeFully(story, livId));
  updateTx(story, { state: 'COMPLETED', totalSettledAmount: story.tx.completedAmount });
  const decision: DeliveryDecision =
    state === 'FULFILL'
      ? 'SUITABLE'
      : state === 'DECLINE'
        ? 'NOT_SUITABLE'
        : rng.chance(0.3)
          ? 'MANUAL_CHECK_REQUIRED'
          : 'PENDING';
  deliveryIndication(story, last, decision);
  outcome.decision = decision;
  if (state === 'DECLINE') {
    const { failureReason, message } = failureOf('notSuitable');
    updateTx(story, { state, failureReason, userFailureMessage: message });
    return;
  }
  updateTx(story, { state });
  const made = invoice(story, last);
  outcome.invoices.push(made);
  if (rng.chance(0.08)) invoiceComment(story, idOf(made));
  // Only what the customer has paid can be refunded.
  if (made.state === 'PAID' && rng.chance(0.25)) {
    for (const r of refunds(story, last, idOf(made))) if (rng.chance(0.2)) refundComment(story, r);
  }
}

function dropUndefined(object: StoredObject): void {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
}
