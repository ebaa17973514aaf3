// Dunning cases: opened for an unpaid invoice (RUNNING), suspendable until a planned end date.
import { conflict, unprocessable } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store } from '../../store';
import { applyTransition, defineLifecycle } from '../machine';
import { iso } from '../subscriptions/periods';

export const dunningCaseLifecycle = defineLifecycle({
  model: 'DunningCase',
  field: 'state',
  actions: {
    suspend: { from: ['RUNNING'], to: 'SUSPENDED' },
  },
});

/** Invoices that can be dunned: money is still owed. */
const DUNNABLE_INVOICE_STATES = ['OPEN', 'OVERDUE'];
const ACTIVE_CASE_STATES = ['RUNNING', 'SUSPENDED'];

/** Opens a RUNNING case for an OPEN or OVERDUE invoice, under the space's first dunning flow. */
export function openDunningCase(store: Store, space: number, invoiceId: number, now: Date) {
  const invoice = loadObject(store, 'TransactionInvoice', invoiceId, space);
  if (!DUNNABLE_INVOICE_STATES.includes(String(invoice.state))) {
    throw unprocessable(
      `Cannot open a dunning case for TransactionInvoice ${invoiceId}: it is ${String(invoice.state)}; only ${DUNNABLE_INVOICE_STATES.join(' or ')} invoices are dunned.`,
      { invoiceId: String(invoice.state) },
    );
  }
  const existing = store
    .list('DunningCase', space)
    .find((c) => c.initialInvoice === invoiceId && ACTIVE_CASE_STATES.includes(String(c.state)));
  if (existing) {
    throw conflict(
      `TransactionInvoice ${invoiceId} already has dunning case ${String(existing.id)} (${String(existing.state)}).`,
      {
        invoiceId: `dunning case ${String(existing.id)} exists`,
      },
    );
  }
  const flow = store.list('DunningFlow', space).find((f) => f.state === 'ACTIVE');
  return createObject(
    store,
    'DunningCase',
    space,
    {
      initialInvoice: invoiceId,
      linkedTransaction: invoice.linkedTransaction,
      ...(flow ? { flow: flow.id } : {}),
      state: 'RUNNING',
    },
    now,
  );
}

/** The DunningCase model has no field for a suspension's planned end: it is kept beside the store. */
const plannedEnds = new WeakMap<Store, Map<number, string>>();

/** RUNNING -> SUSPENDED, remembering the planned end date when one is given. */
export function suspendDunningCase(
  store: Store,
  space: number,
  id: number,
  plannedEndDate: Date | undefined,
) {
  const suspended = applyTransition(store, dunningCaseLifecycle, id, space, 'suspend');
  if (plannedEndDate) {
    const ends = plannedEnds.get(store) ?? new Map<number, string>();
    ends.set(id, iso(plannedEndDate));
    plannedEnds.set(store, ends);
  }
  return suspended;
}

export function plannedEndOf(store: Store, id: number): string | undefined {
  return plannedEnds.get(store)?.get(id);
}
