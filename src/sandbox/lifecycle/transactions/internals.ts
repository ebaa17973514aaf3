// What the sandbox knows about a transaction that the REST shape does not carry (how it was paid,
// the charge-flow recipient, when a payment without means fails), kept beside the store of one sandbox instance so that
// it never leaks into a response and dies with the sandbox.
import { randomBytes } from 'node:crypto';
import type { Store } from '../../store';

export interface PaymentRecord {
  /** Last four digits and the outcome class of the card used; never the full number. */
  cardLast4?: string;
  paidWith: 'card' | 'token' | 'charge-flow';
  paymentMethodConfiguration?: number;
}

export interface TransactionInternals {
  payment?: PaymentRecord;
  chargeFlowRecipient?: { type: number; recipient: string };
  /** When a transaction processed without any payment means fails (ISO date), while it is PROCESSING. */
  failsOn?: string;
}

interface InstanceState {
  /** Distinguishes this sandbox's credentials from another's in the same process. */
  instanceId: string;
  transactions: Map<number, TransactionInternals>;
}

const instances = new WeakMap<Store, InstanceState>();

function instance(store: Store): InstanceState {
  let state = instances.get(store);
  if (!state) {
    state = { instanceId: randomBytes(6).toString('base64url'), transactions: new Map() };
    instances.set(store, state);
  }
  return state;
}

export function instanceIdOf(store: Store): string {
  return instance(store).instanceId;
}

/** The internals of one transaction if it has any yet (creates none). */
export function peekInternals(store: Store, transactionId: number): TransactionInternals | undefined {
  return instance(store).transactions.get(transactionId);
}

/** The internals of one transaction, created empty on first use. */
export function internalsOf(store: Store, transactionId: number): TransactionInternals {
  const map = instance(store).transactions;
  let entry = map.get(transactionId);
  if (!entry) {
    entry = {};
    map.set(transactionId, entry);
  }
  return entry;
}
