// Values with real meaning that the scenarios share: line items, the space's currency, a test card
// that the simulated acquirer approves, credentials of a pending transaction.
import type { StoredObject } from '../../../src/sandbox/store';
import type { World } from './world';

let uniqueCounter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++uniqueCounter}`;

export function lineItem(amount = 25, uniqueId = unique('item')) {
  return { type: 'PRODUCT', name: 'Contract item', uniqueId, quantity: 1, amountIncludingTax: amount };
}

/** The currency the seed uses for transactions in the world's space. */
export function spaceCurrency(world: World): string {
  return String(world.any('Transaction').currency);
}

interface FoundCard {
  number: string;
  label: string;
}

/** Walks the published test cards (whatever their nesting) for numbers and the words around them. */
function cardsIn(value: unknown, label = ''): FoundCard[] {
  if (typeof value === 'string') {
    const digits = value.replace(/[\s-]/g, '');
    return /^\d{12,19}$/.test(digits) ? [{ number: digits, label }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v) => cardsIn(v, label));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const words = Object.values(record)
      .filter((v) => typeof v === 'string' && !/^[\d\s-]+$/.test(v))
      .join(' ');
    return Object.entries(record).flatMap(([key, v]) => cardsIn(v, `${label} ${key} ${words}`));
  }
  return [];
}

/** Card data of a published test card the acquirer approves without 3-D Secure. */
export function approvedCard(world: World) {
  const cards = cardsIn(world.sandbox.seedSummary.testCards);
  const approved = cards.find(
    (c) => /approv|success|accept/i.test(c.label) && !/3d|three|declin|fail/i.test(c.label),
  );
  if (!approved)
    throw new Error(
      `seedSummary.testCards names no approved card: ${JSON.stringify(world.sandbox.seedSummary.testCards)}`,
    );
  const nextYear = world.now.getUTCFullYear() + 2;
  return {
    primaryAccountNumber: approved.number,
    expiryDate: `${nextYear}-12`,
    cardVerificationCode: '123',
    cardHolderName: 'Contract Tester',
  };
}

/** The card payment method configuration the seed set up in the world's space. */
export function cardConfiguration(world: World): number {
  const perSpace = world.sandbox.seedSummary.perSpace as Record<
    string,
    { cardPaymentMethodConfigurationId: number }
  >;
  return perSpace[String(world.space)].cardPaymentMethodConfigurationId;
}

/** A new pending transaction (line items in the space's currency), optionally charged to a token. */
export function pendingTransaction(world: World, extra: Record<string, unknown> = {}): Promise<StoredObject> {
  return world.create('Transaction', extra);
}

/** A new transaction authorized through the card details endpoint (deferred: it stays AUTHORIZED). */
export async function authorizedTransaction(world: World): Promise<StoredObject> {
  const tx = await pendingTransaction(world, { completionBehavior: 'COMPLETE_DEFERRED' });
  return world
    .expectOk<StoredObject>('processTransactionCardDetails', {
      params: { id: tx.id as number },
      body: { paymentMethodConfiguration: cardConfiguration(world), cardData: approvedCard(world) },
    })
    .then(() => world.stored('Transaction', tx.id as number));
}

/** The credentials of a new pending transaction (for the by-credentials operations). */
export async function credentialsOf(world: World, tx?: StoredObject): Promise<string> {
  const transaction = tx ?? (await pendingTransaction(world));
  const body = await world.expectOk<unknown>('getTransactionCredentials', {
    params: { id: transaction.id as number },
  });
  const text = String(body);
  // A text/plain body may or may not carry JSON string quotes; the credentials are what is inside.
  return text.startsWith('"') ? (JSON.parse(text) as string) : text;
}

/** An active token that has an active version (something a transaction can be charged to). */
export function chargeableToken(
  world: World,
  filter: (token: StoredObject) => boolean = () => true,
): StoredObject {
  const activeVersions = new Set(world.candidates('TokenVersion', { state: 'ACTIVE' }).map((v) => v.token));
  return world.any('Token', { state: 'ACTIVE', where: (t) => activeVersions.has(t.id) && filter(t) });
}
