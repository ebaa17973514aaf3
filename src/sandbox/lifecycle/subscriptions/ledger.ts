// Subscription ledger entries: what a subscription version owes. An entry is OPEN until a charge
// takes it (SCHEDULED), PAID when that charge succeeds, and OPEN again (release) when the charge is
// discarded or fails, so that a later charge can take it.
import { unprocessable } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store } from '../../store';
import { applyTransition, defineLifecycle } from '../machine';
import { money } from './periods';

export const ledgerEntryLifecycle = defineLifecycle({
  model: 'SubscriptionLedgerEntry',
  field: 'state',
  actions: {
    schedule: { from: ['OPEN'], to: 'SCHEDULED' },
    pay: { from: ['SCHEDULED'], to: 'PAID' },
    release: { from: ['SCHEDULED'], to: 'OPEN' },
  },
});

export interface LedgerEntryInput {
  subscriptionVersion: number;
  title: string;
  externalId: string;
  quantity: number;
  amountIncludingTax: number;
  taxes?: { rate: number; title: string }[];
  componentReferenceName?: string;
  subscriptionMetricId?: number;
  feeType?: 'METERED_FEE' | 'SETUP_FEE' | 'PERIOD_FEE';
}

const BILLABLE_VERSION_STATES = ['PENDING', 'INITIALIZING', 'ACTIVE', 'TERMINATING'];

/** Derives the tax figures from the gross amount and the tax rates (percent). */
function taxFigures(amountIncludingTax: number, taxes: { rate: number }[]) {
  const aggregatedTaxRate = taxes.reduce((sum, t) => sum + t.rate, 0);
  const amountExcludingTax = money(amountIncludingTax / (1 + aggregatedTaxRate / 100));
  return { aggregatedTaxRate, amountExcludingTax, taxAmount: money(amountIncludingTax - amountExcludingTax) };
}

/** Creates an OPEN entry on a version that can still be billed; 422 naming the version state otherwise. */
export function createLedgerEntry(
  store: Store,
  space: number,
  input: LedgerEntryInput,
  now: Date,
  createdBy: number | undefined,
) {
  if (!(input.quantity > 0))
    throw unprocessable('quantity must be greater than 0.', { quantity: 'must be greater than 0' });
  for (const [i, tax] of (input.taxes ?? []).entries()) {
    if (!(tax.rate >= 0 && tax.rate <= 100)) {
      throw unprocessable(`taxes[${i}].rate must be a percentage between 0 and 100.`, {
        [`taxes[${i}].rate`]: 'out of range',
      });
    }
  }
  const version = loadObject(store, 'SubscriptionVersion', input.subscriptionVersion, space);
  if (!BILLABLE_VERSION_STATES.includes(String(version.state))) {
    throw unprocessable(
      `Cannot add a ledger entry to SubscriptionVersion ${input.subscriptionVersion}: it is ${String(version.state)}.`,
      {
        subscriptionVersion: String(version.state),
      },
    );
  }
  const taxes = input.taxes ?? [];
  return createObject(
    store,
    'SubscriptionLedgerEntry',
    space,
    {
      subscriptionVersion: input.subscriptionVersion,
      title: input.title,
      externalId: input.externalId,
      quantity: input.quantity,
      amountIncludingTax: money(input.amountIncludingTax),
      discountIncludingTax: 0,
      ...taxFigures(input.amountIncludingTax, taxes),
      taxes: taxes.map((t) => ({ rate: t.rate, title: t.title })),
      feeType: input.feeType ?? 'PERIOD_FEE',
      proRataCalculated: false,
      state: 'OPEN',
      ...(input.componentReferenceName !== undefined
        ? { componentReferenceName: input.componentReferenceName }
        : {}),
      ...(input.subscriptionMetricId !== undefined
        ? { subscriptionMetricId: input.subscriptionMetricId }
        : {}),
      ...(createdBy !== undefined ? { createdBy } : {}),
    },
    now,
  );
}

/** The OPEN entries of a version, oldest first. */
export function openEntries(store: Store, space: number, versionId: number) {
  return store
    .where('SubscriptionLedgerEntry', 'subscriptionVersion', versionId, space)
    .filter((e) => e.state === 'OPEN');
}

/**
 * What the subscription owes: the OPEN entries of all its versions, oldest first. A version that ran
 * out its period (or ended after a charge gave its entries back) still owes them.
 */
export function owedEntries(store: Store, space: number, subscriptionId: number) {
  return store
    .where('SubscriptionVersion', 'subscription', subscriptionId, space)
    .flatMap((version) => openEntries(store, space, Number(version.id)))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** Applies one ledger action to each of the entries (ids). */
export function moveEntries(
  store: Store,
  space: number,
  ids: number[],
  action: 'schedule' | 'pay' | 'release',
): void {
  for (const id of ids) applyTransition(store, ledgerEntryLifecycle, id, space, action);
}
