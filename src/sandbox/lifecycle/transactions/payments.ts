// The ways of paying a transaction: card details (plain and 3-D Secure), a token, a one-click token
// from the customer's checkout, a charge flow. Each decides the outcome and hands it to processing.
import { notFound, unprocessable } from '../../errors';
import type { Store, Stored } from '../../store';
import { checkCard, tokenCardOutcome, type CheckedCard } from './cards';
import { internalsOf } from './internals';
import {
  assertPath,
  authorize,
  challenge,
  pathTo,
  refuse,
  startProcessing,
  type Payment,
  type Processed,
} from './processing';
import {
  FAILURES,
  guardTransaction,
  loadTransaction,
  transactionLifecycle,
  userFailureMessage,
} from './life-cycle';
import { checkoutUrl, returnUrl } from './urls';
import { awaitChallenge } from './challenges';
import { activeVersion } from '../tokens';
import { chargeFlowLevelLifecycle, openChargeFlowLevel, pendingLevelOf } from './charge-flows';
import { applyTransition } from '../machine';

const BRAND_PREFIXES: [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^(5[1-5]|2[2-7])/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^3(0[0-5]|[68])/, 'diners'],
  [/^35/, 'jcb'],
  [/^(50|5[6-9]|6)/, 'maestro'],
];

function isCardConfiguration(store: Store, configuration: Stored<'PaymentMethodConfiguration'>): boolean {
  const method = store.get('PaymentMethod', Number(configuration.paymentMethod));
  const names = [configuration.name, ...Object.values(method?.name ?? {})];
  return names.some((n) => typeof n === 'string' && /card/i.test(n));
}

/** The payment method configuration a card payment uses: the one named (checked), else the space's card one. */
export function cardMethodConfiguration(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  requested: unknown,
) {
  const allowed = transaction.allowedPaymentMethodConfigurations ?? [];
  if (requested !== undefined && requested !== null) {
    const configuration = store.get('PaymentMethodConfiguration', Number(requested), space);
    if (!configuration || configuration.state !== 'ACTIVE') {
      throw unprocessable(
        `paymentMethodConfiguration ${String(requested)} is not an active payment method configuration of space ${space}.`,
        {
          paymentMethodConfiguration: 'not active in this space',
        },
      );
    }
    if (allowed.length && !allowed.includes(Number(requested))) {
      throw unprocessable(
        `paymentMethodConfiguration ${String(requested)} is not allowed for transaction ${String(transaction.id)}.`,
        {
          paymentMethodConfiguration: 'not allowed',
        },
      );
    }
    return configuration;
  }
  const found = store
    .list('PaymentMethodConfiguration', space)
    .find(
      (c) =>
        c.state === 'ACTIVE' &&
        isCardConfiguration(store, c) &&
        (!allowed.length || allowed.includes(Number(c.id))),
    );
  if (!found)
    throw unprocessable(
      `Space ${space} has no active card payment method configuration; name one in paymentMethodConfiguration.`,
      {
        paymentMethodConfiguration: 'required',
      },
    );
  return found;
}

function connectorFor(
  store: Store,
  space: number,
  configuration: Stored<'PaymentMethodConfiguration'>,
  brand?: string,
) {
  const candidates = store
    .list('PaymentConnectorConfiguration', space)
    .filter((c) => c.paymentMethodConfiguration === configuration.id && c.state === 'ACTIVE');
  return (
    candidates.find(
      (c) =>
        brand &&
        String(c.name ?? '')
          .toLowerCase()
          .includes(brand),
    ) ?? candidates[0]
  );
}

function cardPayment(
  store: Store,
  space: number,
  configuration: Stored<'PaymentMethodConfiguration'>,
  card: CheckedCard,
  pan: string,
): Payment {
  const brand = BRAND_PREFIXES.find(([prefix]) => prefix.test(pan))?.[1];
  const connector = connectorFor(store, space, configuration, brand);
  return {
    record: { paidWith: 'card', cardLast4: card.last4, paymentMethodConfiguration: Number(configuration.id) },
    means: {
      name: `${brand ? brand[0].toUpperCase() + brand.slice(1) : 'Card'} •••• ${card.last4}`,
      paymentMethod: configuration.paymentMethod,
      paymentConnectorConfiguration: connector?.id,
    },
    connectorConfiguration: connector?.id,
    chargeType: 'SYNCHRONOUS',
  };
}

export interface CardResult extends Processed {
  /** Where the buyer goes next (3-D Secure variant only). */
  redirectUrl?: string;
}

/**
 * Processes card details. `threeD` is the 3-D Secure variant: a card that needs authentication gets a
 * challenge URL and the transaction waits in PROCESSING; otherwise the buyer is sent to the success or
 * failure URL. Without the 3-D variant such a card is declined unless authentication data come along.
 */
export function processCard(
  store: Store,
  space: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
  threeD: boolean,
): CardResult {
  const transaction = loadTransaction(store, id, space);
  const card = checkCard(body.cardData, now);
  const configuration = cardMethodConfiguration(store, space, transaction, body.paymentMethodConfiguration);
  const pan = String((body.cardData as Record<string, unknown>).primaryAccountNumber).replace(/[\s-]/g, '');
  const payment = cardPayment(store, space, configuration, card, pan);
  const resultUrl = (ok: boolean) => returnUrl(store, space, transaction, ok, now);
  if (card.outcome === 'threeDSecure' && !card.authenticated) {
    if (!threeD)
      return refuse(store, space, transaction, payment, 'decline', FAILURES.authenticationRequired, now);
    const redirectUrl = checkoutUrl(store, space, id, 'payment/3ds/challenge', now);
    const challenged = challenge(store, space, transaction, payment, redirectUrl, now);
    awaitChallenge(store, id, payment);
    return { ...challenged, redirectUrl };
  }
  // A zero-amount transaction only verifies the card (no money moves), so every test card passes:
  // a token made this way on the declining or failing card refuses when it is charged.
  const verification = Number(transaction.authorizationAmount ?? 0) === 0;
  if (!verification && (card.outcome === 'decline' || card.outcome === 'fail')) {
    const reason = card.outcome === 'decline' ? FAILURES.declined : FAILURES.processorError;
    return {
      ...refuse(store, space, transaction, payment, card.outcome, reason, now),
      redirectUrl: resultUrl(false),
    };
  }
  return { ...authorize(store, space, transaction, payment, now), redirectUrl: resultUrl(true) };
}

/** The token's active version, or 422 saying why the token cannot pay. */
function chargeableVersion(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  tokenId: unknown,
) {
  if (tokenId === undefined || tokenId === null) {
    throw unprocessable(`Transaction ${String(transaction.id)} has no token to process with.`, {
      token: 'missing',
    });
  }
  const token = store.get('Token', Number(tokenId), space);
  if (!token || token.state !== 'ACTIVE')
    throw unprocessable(`Token ${String(tokenId)} is not an active token of space ${space}.`, {
      token: 'not active',
    });
  const version = activeVersion(store, space, Number(tokenId));
  if (!version)
    throw unprocessable(`Token ${String(tokenId)} has no active version to charge.`, {
      token: 'no active version',
    });
  return version;
}

function tokenPayment(version: Stored<'TokenVersion'>): Payment {
  return {
    record: { paidWith: 'token' },
    means: { name: String(version.name ?? 'Token') },
    connectorConfiguration: version.paymentConnectorConfiguration,
    chargeType: 'TOKEN',
    tokenVersion: Number(version.id),
    token: Number(version.token),
  };
}

/** Charges the transaction's token; the token's card decides, like every other charge. */
export function processWithToken(store: Store, space: number, id: number, now: Date): Processed {
  const transaction = loadTransaction(store, id, space);
  const version = chargeableVersion(store, space, transaction, transaction.token);
  const payment = tokenPayment(version);
  const outcome = tokenCardOutcome(version);
  if (outcome === 'decline')
    return refuse(store, space, transaction, payment, 'decline', FAILURES.declined, now);
  if (outcome === 'fail')
    return refuse(store, space, transaction, payment, 'fail', FAILURES.processorError, now);
  return authorize(store, space, transaction, payment, now);
}

/** How long a transaction processed without interaction and without a token waits before it fails. */
export const NO_PAYMENT_MEANS_DELAY_MS = 60_000;

/**
 * process-without-interaction: the token's charge; without a token there is nothing to charge, yet
 * the service accepts the request: the transaction waits in PROCESSING and fails when the clock
 * passes `failsOn` (see ../due/), with the "no payment means" failure reason.
 */
export function processWithoutInteraction(store: Store, space: number, id: number, now: Date) {
  const transaction = loadTransaction(store, id, space);
  if (transaction.token !== undefined && transaction.token !== null)
    return processWithToken(store, space, id, now).transaction;
  const processing = startProcessing(store, space, transaction, now);
  internalsOf(store, id).failsOn = new Date(now.getTime() + NO_PAYMENT_MEANS_DELAY_MS).toISOString();
  return processing;
}

/** One-click tokens of the transaction's customer: active versions of tokens enabled for one-click payment. */
export function oneClickVersions(store: Store, space: number, transaction: Stored<'Transaction'>) {
  if (!transaction.customerId) return [];
  const tokens = store
    .where('Token', 'customerId', transaction.customerId, space)
    .filter((t) => t.state === 'ACTIVE' && t.enabledForOneClickPayment === true)
    .map((t) => t.id);
  return store.whereIn('TokenVersion', 'token', tokens, space).filter((v) => v.state === 'ACTIVE');
}

/**
 * One of the customer's one-click tokens, named by its token version id (what the list returns) or by
 * its token id (what the official SDKs call the parameter); ids are unique across models.
 */
export function oneClickVersion(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  versionId: number,
) {
  const versions = oneClickVersions(store, space, transaction);
  const version = versions.find((v) => v.id === versionId) ?? versions.find((v) => v.token === versionId);
  if (!version)
    throw notFound(
      `One-click token ${versionId} does not exist for the customer of transaction ${String(transaction.id)}.`,
    );
  return version;
}

/** Pays with one of the customer's one-click tokens; returns where the buyer is redirected. */
export function processOneClick(
  store: Store,
  space: number,
  id: number,
  versionId: number,
  now: Date,
): string {
  const transaction = loadTransaction(store, id, space);
  guardTransaction(transaction, 'processOneClickToken');
  const version = oneClickVersion(store, space, transaction, versionId);
  chargeableVersion(store, space, transaction, version.token);
  authorize(store, space, transaction, tokenPayment(version), now);
  return returnUrl(store, space, transaction, true, now);
}

/** Applies the space's charge flow: the transaction waits in PROCESSING with a PENDING level. */
export function applyChargeFlow(store: Store, space: number, id: number, now: Date) {
  const transaction = loadTransaction(store, id, space);
  assertPath(transaction, pathTo(transaction, 'startProcessing'));
  if (pendingLevelOf(store, space, id))
    throw unprocessable(`Transaction ${id} already has a charge flow applied.`, {
      chargeFlow: 'already applied',
    });
  const processing = startProcessing(store, space, transaction, now);
  openChargeFlowLevel(store, space, processing, now);
  return processing;
}

/** Cancels the charge flow of a PROCESSING transaction: the transaction FAILED, its open level FAILED. */
export function cancelChargeFlow(store: Store, space: number, id: number, now: Date) {
  const level = pendingLevelOf(store, space, id);
  const canceled = applyTransition(store, transactionLifecycle, id, space, 'cancelChargeFlow', (t) => ({
    ...t,
    failureReason: FAILURES.chargeFlowCanceled,
    failedOn: now.toISOString(),
    userFailureMessage: userFailureMessage(FAILURES.chargeFlowCanceled),
  }));
  // Demo data may hold PROCESSING transactions without a level; there is then nothing more to fail.
  if (level) applyTransition(store, chargeFlowLevelLifecycle, Number(level.id), space, 'fail');
  return canceled;
}
