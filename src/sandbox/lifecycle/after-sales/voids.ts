// Voids: releasing an AUTHORIZED transaction instead of completing it. The transaction becomes
// VOIDED; the void object records the release (online through the processor, or offline).
import { unprocessable } from '../../errors';
import { createObject } from '../../objects';
import type { Store } from '../../store';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';
import { loadTransaction, transactionLifecycle } from '../transactions/life-cycle';

export type TransactionVoidState = 'CREATE' | 'PENDING' | 'FAILED' | 'SUCCESSFUL';

export const voidLifecycle = defineLifecycle<TransactionVoidState, 'TransactionVoid'>({
  model: 'TransactionVoid',
  field: 'state',
  actions: {
    process: { from: ['CREATE'], to: 'PENDING' },
    succeed: { from: ['CREATE', 'PENDING'], to: 'SUCCESSFUL' },
  },
});

export function voidTransaction(
  store: Store,
  space: number,
  id: number,
  mode: 'ONLINE' | 'OFFLINE',
  now: Date,
) {
  const transaction = loadTransaction(store, id, space);
  assertTransition(transactionLifecycle, transaction, 'void');
  if (Number(transaction.completedAmount ?? 0) !== 0) {
    throw unprocessable(
      `Transaction ${id} is partially completed (${String(transaction.completedAmount)}); finish it with a last completion instead of a void.`,
      { completedAmount: String(transaction.completedAmount) },
    );
  }
  const created = createObject(
    store,
    'TransactionVoid',
    space,
    {
      state: 'CREATE',
      mode,
      transaction: id,
      linkedTransaction: id,
      language: transaction.language,
      spaceViewId: transaction.spaceViewId,
      labels: [],
      timeoutOn: new Date(now.getTime() + 24 * 3600 * 1000).toISOString(),
    },
    now,
  );
  const vid = Number(created.id);
  if (mode === 'ONLINE') applyTransition(store, voidLifecycle, vid, space, 'process');
  const done = applyTransition(store, voidLifecycle, vid, space, 'succeed', (v) => ({
    ...v,
    succeededOn: now.toISOString(),
    processorReference: mode === 'ONLINE' ? `void_${vid}` : undefined,
  }));
  applyTransition(store, transactionLifecycle, id, space, 'void');
  return done;
}
