// The group every transaction belongs to (Transaction.group, a TransactionGroup). The API has no
// endpoint for groups, so the sandbox keeps each one inside its transaction; responses carry it
// collapsed to `{ id }` like any link, and `expand=group` shows it whole (see ../render.ts).
import type { Model } from '../../../api-types';
import type { Store } from '../../store';

/** The field of each model that holds such an identity-bearing object, rendered like a link. */
export const EMBEDDED_LINKS: Readonly<Record<string, readonly string[]>> = { Transaction: ['group'] };

/** A new group of one transaction, begun at `begin`. */
export function newTransactionGroup(
  store: Store,
  space: number,
  customerId: unknown,
  begin: string,
): Model<'TransactionGroup'> {
  return {
    id: store.nextId(),
    state: 'PENDING',
    beginDate: begin,
    ...(typeof customerId === 'string' ? { customerId } : {}),
    linkedSpaceId: space,
    version: 1,
  };
}

/** Gives every transaction of the store that has none its group (the demo data, once seeded). */
export function groupUngroupedTransactions(store: Store): void {
  for (const transaction of store.list('Transaction')) {
    if (transaction.group) continue;
    const space = store.spaceOf('Transaction', transaction.id) ?? Number(transaction.linkedSpaceId);
    transaction.group = newTransactionGroup(
      store,
      space,
      transaction.customerId,
      String(transaction.createdOn),
    );
  }
}
