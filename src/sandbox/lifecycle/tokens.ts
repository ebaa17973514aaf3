// Tokens and their versions. A token is the customer's stored payment means; each successful
// tokenizing authorization adds a version that becomes ACTIVE and makes the previous one OBSOLETE.
import { notFound, unprocessable } from '../errors';
import { createObject, loadObject } from '../objects';
import type { Store, Stored, StoredObject } from '../store';
import { applyTransition, defineLifecycle } from './machine';
import { updateVersioned } from './transactions/life-cycle';
import { createTransaction } from './transactions/create';

export type TokenVersionState = 'UNINITIALIZED' | 'ACTIVE' | 'OBSOLETE';

export const tokenVersionLifecycle = defineLifecycle<TokenVersionState, 'TokenVersion'>({
  model: 'TokenVersion',
  field: 'state',
  actions: {
    activate: { from: ['UNINITIALIZED'], to: 'ACTIVE' },
    obsolete: { from: ['UNINITIALIZED', 'ACTIVE'], to: 'OBSOLETE' },
  },
});

const TOKEN_FIELDS = [
  'enabledForOneClickPayment',
  'customerEmailAddress',
  'tokenReference',
  'customerId',
  'timeZone',
  'language',
] as const;

function pick(body: Record<string, unknown>) {
  const out: StoredObject = {};
  for (const name of TOKEN_FIELDS) if (body[name] !== undefined) out[name] = body[name];
  return out;
}

/** Creates a token; the externalId is the idempotency key: a repeated request returns the first token. */
export function createToken(store: Store, space: number, body: Record<string, unknown>, now: Date) {
  const earlier = store.where('Token', 'externalId', body.externalId, space)[0];
  if (earlier) return earlier;
  return createObject(
    store,
    'Token',
    space,
    {
      enabledForOneClickPayment: false,
      ...pick(body),
      externalId: body.externalId,
      state: body.state ?? 'ACTIVE',
    },
    now,
  );
}

export function updateToken(store: Store, space: number, id: number, body: Record<string, unknown>) {
  return updateVersioned(store, 'Token', id, space, body.version, (current) => ({
    ...current,
    ...pick(body),
  }));
}

export function versionsOf(store: Store, space: number, tokenId: number) {
  return store.where('TokenVersion', 'token', tokenId, space);
}

export function activeVersion(store: Store, space: number, tokenId: number) {
  return versionsOf(store, space, tokenId).find((v) => v.state === 'ACTIVE');
}

export function requireActiveVersion(store: Store, space: number, tokenId: number) {
  loadObject(store, 'Token', tokenId, space);
  const version = activeVersion(store, space, tokenId);
  if (!version) throw notFound(`Token ${tokenId} has no active version.`);
  return version;
}

export interface PaymentMeans {
  name: string;
  paymentMethod?: number;
  paymentConnectorConfiguration?: number;
}

/** Adds an ACTIVE version to a token, obsoleting the version that was active. */
export function addTokenVersion(
  store: Store,
  space: number,
  token: Stored<'Token'>,
  transaction: Stored<'Transaction'>,
  means: PaymentMeans,
  now: Date,
) {
  const previous = activeVersion(store, space, Number(token.id));
  if (previous) {
    applyTransition(store, tokenVersionLifecycle, Number(previous.id), space, 'obsolete', (v) => ({
      ...v,
      obsoletedOn: now.toISOString(),
    }));
  }
  const version = createObject(
    store,
    'TokenVersion',
    space,
    {
      state: 'UNINITIALIZED',
      token: token.id,
      name: means.name,
      paymentMethod: means.paymentMethod,
      paymentConnectorConfiguration: means.paymentConnectorConfiguration,
      processorToken: `tok_${String(token.id)}_${String(transaction.id)}`,
      environment: transaction.environment === 'LIVE' ? 'PRODUCTION' : 'TEST',
      language: transaction.language,
      billingAddress: transaction.billingAddress,
      shippingAddress: transaction.shippingAddress,
      paymentInformationHashes: [],
      labels: [],
    },
    now,
  );
  return applyTransition(store, tokenVersionLifecycle, Number(version.id), space, 'activate', (v) => ({
    ...v,
    activatedOn: now.toISOString(),
  }));
}

/**
 * After a successful authorization: stores the payment means as a token version when the
 * transaction asks for tokenization (or is a token-update transaction). Returns the token id.
 */
export function tokenizeAfterAuthorization(
  store: Store,
  space: number,
  transaction: Stored<'Transaction'>,
  means: PaymentMeans,
  now: Date,
): number | undefined {
  const mode = transaction.tokenizationMode as string | undefined;
  if (transaction.token !== undefined && transaction.token !== null && mode === 'FORCE_UPDATE') {
    const token = loadObject(store, 'Token', Number(transaction.token), space);
    addTokenVersion(store, space, token, transaction, means, now);
    return Number(token.id);
  }
  if (!mode || mode === 'FORCE_UPDATE' || transaction.token) return undefined;
  const token = createObject(
    store,
    'Token',
    space,
    {
      state: 'ACTIVE',
      externalId: `transaction-${String(transaction.id)}`,
      customerId: transaction.customerId,
      customerEmailAddress: transaction.customerEmailAddress,
      enabledForOneClickPayment: mode.includes('ONE_CLICK'),
      language: transaction.language,
      timeZone: transaction.timeZone,
    },
    now,
  );
  addTokenVersion(store, space, token, transaction, means, now);
  return Number(token.id);
}

/** A PENDING zero-amount transaction whose authorization replaces the token's active version. */
export function createTransactionForTokenUpdate(
  store: Store,
  space: number,
  tokenId: number,
  now: Date,
  userId: string,
) {
  const token = loadObject(store, 'Token', tokenId, space);
  if (token.state !== 'ACTIVE') {
    throw unprocessable(`Token ${tokenId} is ${String(token.state)}; only an ACTIVE token can be updated.`, {
      state: String(token.state),
    });
  }
  const earlier = store.where('Transaction', 'token', tokenId, space);
  const spaceObject = store.get('Space', space);
  const currency = earlier[earlier.length - 1]?.currency ?? spaceObject?.primaryCurrency ?? 'CHF';
  return createTransaction(
    store,
    space,
    {
      currency,
      token: tokenId,
      tokenizationMode: 'FORCE_UPDATE',
      // A card verification (zero amount): nothing to capture, it stops at AUTHORIZED.
      completionBehavior: 'COMPLETE_DEFERRED',
      customerId: token.customerId,
      customerEmailAddress: token.customerEmailAddress,
      language: token.language,
      lineItems: [
        {
          name: 'Payment details update',
          quantity: 1,
          amountIncludingTax: 0,
          type: 'FEE',
          uniqueId: 'token-update',
        },
      ],
    },
    now,
    userId,
  );
}
