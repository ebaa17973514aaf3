// The real clock's catch-ups (DueAgenda): one scan at the start, then only what came due and what was
// written since. They must apply what one run over the same time would: many small catch-ups give the
// events and the objects of one jump, and with writes between them (what requests do), what a fresh
// run over the whole window at each catch-up gives (the runner before the agenda). Driven in process
// on the demo data planned at a fixed start, so that its timeouts, charges and bills lie ahead.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DueAgenda, runDue, type DueEvent } from '../../src/sandbox/lifecycle/due/index';
import { discardCharge } from '../../src/sandbox/lifecycle/subscriptions/charges';
import { createTransaction } from '../../src/sandbox/lifecycle/transactions/create';
import { processWithoutInteraction } from '../../src/sandbox/lifecycle/transactions/payments';
import { seedStore } from '../../src/sandbox/seed';
import { Store } from '../../src/sandbox/store';

const START = new Date('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function seeded(): { store: Store; space: number } {
  const store = new Store();
  const { spaces } = seedStore(store, 1, START);
  return { store, space: spaces[0] };
}

/** Catch-up instants from the start: uneven gaps (seconds to days), over `days` days. */
function instants(days: number): Date[] {
  const out: Date[] = [];
  let at = START.getTime();
  for (let i = 0; at < START.getTime() + days * DAY; i += 1) {
    at += [1000, 7 * 60_000, 3 * HOUR, DAY + 17_000, 11 * HOUR][i % 5];
    out.push(new Date(at));
  }
  return out;
}

/** Every object, as JSON, model by model. */
function hashOf(store: Store): string {
  const hash = createHash('sha256');
  for (const model of store.models().sort())
    for (const object of store.list(model)) hash.update(`${model} ${JSON.stringify(object)}\n`);
  return hash.digest('hex');
}

/** What a step decides about each object, without the instants that say when the catch-up ran. */
function outcomes(store: Store): string[] {
  return store
    .models()
    .flatMap((model) =>
      store.list(model).map((o) => `${model} ${String(o.id)} ${String(o.state)} ${String(o.version)}`),
    );
}

const LINES = [{ name: 'Desk', quantity: 1, amountIncludingTax: 300, type: 'PRODUCT', uniqueId: 'desk' }];

/**
 * What requests do between catch-ups number `i`: plan steps (a transaction left PENDING times out, one
 * processed without payment means fails a minute later), move or cancel planned ones (a scheduled
 * charge discarded), and rewrite an object with a planned step without changing its plan.
 */
function requests(store: Store, space: number, i: number, now: Date): void {
  const transaction = createTransaction(store, space, { currency: 'CHF', lineItems: LINES }, now, '1');
  if (i % 3 === 0) processWithoutInteraction(store, space, Number(transaction.id), now);
  if (i % 4 === 1)
    store.update('Transaction', Number(transaction.id), space, (t) => ({
      ...t,
      merchantReference: `again-${i}`,
    }));
  const scheduled = store.list('SubscriptionCharge', space).find((c) => c.state === 'SCHEDULED');
  if (i % 5 === 2 && scheduled) discardCharge(store, space, Number(scheduled.id), now, undefined);
}

describe('the real clock catching up (DueAgenda)', () => {
  it('applies in many small catch-ups the steps one jump applies, in the same order, to the same effect', () => {
    const small = seeded();
    const agenda = new DueAgenda(small.store, START);
    const times = instants(70);
    const stepwise: DueEvent[] = times.flatMap((now) => agenda.catchUp(now));
    agenda.close();
    const jump = seeded();
    const once = runDue(jump.store, START, times[times.length - 1]);
    expect(once.length).toBeGreaterThan(100); // the demo data's own plans: bills, charges, timeouts, tasks
    expect(new Set(once.map((e) => e.what)).size).toBeGreaterThanOrEqual(4);
    expect(stepwise).toEqual(once);
    expect(outcomes(small.store)).toEqual(outcomes(jump.store));
  });

  it('with requests between catch-ups, gives what a fresh run over the whole window at each catch-up gives', () => {
    const incremental = seeded();
    const fresh = seeded();
    const agenda = new DueAgenda(incremental.store, START);
    const happened: [DueEvent[], DueEvent[]] = [[], []];
    instants(40).forEach((now, i) => {
      happened[0].push(...agenda.catchUp(now));
      happened[1].push(...runDue(fresh.store, START, now));
      requests(incremental.store, incremental.space, i, now);
      requests(fresh.store, fresh.space, i, now);
    });
    agenda.close();
    const requested = (events: DueEvent[]) =>
      events.filter((e) => e.what.startsWith('transaction') || e.what === 'authorization timed out');
    expect(requested(happened[1]).length).toBeGreaterThan(20); // requests' own plans came due between catch-ups
    expect(happened[0]).toEqual(happened[1]);
    expect(hashOf(incremental.store)).toBe(hashOf(fresh.store));
  });

  it('keeps one queued record per planned step however often the planned objects are written', () => {
    const { store, space } = seeded();
    const agenda = new DueAgenda(store, START);
    const planned = agenda.queued;
    const pending = store
      .list('Transaction', space)
      .filter((t) => t.state === 'PENDING' || t.state === 'AUTHORIZED');
    expect(pending.length).toBeGreaterThan(0);
    for (let round = 0; round < 150; round += 1) {
      for (const t of pending)
        store.update('Transaction', Number(t.id), space, (current) => ({
          ...current,
          merchantReference: `r${round}`,
        }));
      agenda.catchUp(new Date(START.getTime() + round));
    }
    agenda.close();
    expect(pending.length * 150).toBeGreaterThan(4 * Math.max(1024, 2 * planned)); // without compaction, far beyond the bound
    expect(agenda.queued).toBeLessThanOrEqual(Math.max(1024, 2 * planned) + pending.length);
  });
});
