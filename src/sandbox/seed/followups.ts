// Processes that run alongside or after transactions: charge flow levels (with payment links),
// dunning cases for overdue invoices and manual tasks.
import { DELIVERY_CHECK_TASK, deliveryCheckActions } from '../lifecycle/after-sales/delivery-indications';
import type { StoredObject } from '../store';
import type { SeedContext, SpaceIds } from './context';
import { idOf, makeLater } from './context';
import { DAY, HOUR, addMs, iso } from './random';
import { child, step, type TxStory } from './story';

/** A charge flow level of the space's first charge flow, with a payment link when still pending. */
export function chargeFlowLevel(story: TxStory, state: 'PENDING' | 'FAILED' | 'SUCCESSFUL') {
  step(story, 1, 5);
  const flow = story.space.chargeFlows[0];
  const level = child(story, 'ChargeFlowLevel', {
    transaction: story.tx.id,
    linkedTransaction: story.tx.id,
    state,
    timeoutOn: iso(addMs(story.at, 3 * DAY)),
    configuration: {
      id: 9000 + flow,
      name: 'Send payment link',
      period: 'P3D',
      priority: 1,
      state: 'ACTIVE',
      type: 9101,
      linkedSpaceId: story.space.id,
      version: 1,
    },
  });
  if (state === 'PENDING') {
    step(story, 0, 1);
    child(story, 'ChargeFlowLevelPaymentLink', {
      chargeFlowLevel: idOf(level),
      paymentLink: `https://sandbox.paygraph.example/s/${story.space.id}/payment/transaction/pay/${String(story.tx.id)}?securityToken=${story.ctx.rng.chars(16, 'abcdef0123456789')}`,
    });
  }
  return level;
}

/** Dunning cases for about half the overdue invoices (the others are not in dunning yet). */
export function seedDunningCases(
  ctx: SeedContext,
  invoices: { space: SpaceIds; invoice: StoredObject }[],
): number {
  let count = 0;
  for (const { space, invoice } of invoices) {
    if (invoice.state !== 'OVERDUE' || !ctx.rng.chance(0.5)) continue;
    makeLater(ctx, 'DunningCase', space.id, 5 * 60_000, {
      initialInvoice: invoice.id,
      linkedTransaction: invoice.linkedTransaction,
      flow: ctx.rng.pick(space.dunningFlows),
      state: ctx.rng.chance(0.8) ? 'RUNNING' : 'SUSPENDED',
    });
    count++;
  }
  return count;
}

export type ManualTaskState = 'OPEN' | 'DONE' | 'EXPIRED';

/** Manual delivery checks: OPEN while a decision is due, DONE once decided, EXPIRED when nobody decided. */
export function seedManualTasks(
  ctx: SeedContext,
  tasks: { space: SpaceIds; transactionId: number; state: ManualTaskState }[],
): void {
  for (const { space, transactionId, state } of tasks) {
    const created = ctx.clock.advance(5 * 60_000);
    makeLater(ctx, 'ManualTask', space.id, 0, {
      type: DELIVERY_CHECK_TASK.type,
      contextEntityId: transactionId,
      state,
      expiresOn: iso(addMs(created, state === 'EXPIRED' ? HOUR : 30 * DAY)),
      actions: deliveryCheckActions(),
    });
  }
}
