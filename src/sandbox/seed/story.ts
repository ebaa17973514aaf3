// One transaction's life, told in order: each step moves a private cursor forward in time and
// creates its objects there, and updates the transaction's own fields as a real payment would.
import type { Stored, StoredObject } from '../store';
import type { PaymentMethodKey, SeedContext, SpaceIds } from './context';
import { make } from './context';
import type { Money } from './line-items';
import { MINUTE, addMs, iso } from './random';

export interface TxStory {
  ctx: SeedContext;
  space: SpaceIds;
  tx: Stored<'Transaction'>;
  money: Money;
  method?: PaymentMethodKey;
  connectorKey?: string;
  tokenVersionId?: number;
  /** Time of the last step. */
  at: Date;
}

/** Moves the story forward by `minMinutes`..`maxMinutes` and returns the new time. */
export function step(story: TxStory, minMinutes: number, maxMinutes: number): Date {
  story.at = addMs(
    story.at,
    story.ctx.clock.span(story.ctx.rng.int(minMinutes * MINUTE, maxMinutes * MINUTE)),
  );
  return story.at;
}

/** Creates a child object of the transaction at the story's current time. */
export function child(story: TxStory, model: string, fields: StoredObject) {
  story.ctx.clock.moveTo(story.at);
  return make(story.ctx, model, story.space.id, fields);
}

/** Fields every transaction-bound process (completion, void, refund, line item version) shares. */
export function processFields(story: TxStory) {
  return {
    language: story.tx.language,
    createdBy: 1,
  };
}

/** Sets fields on the stored transaction (seeding happens before anything reads the store). */
export function updateTx(story: TxStory, fields: StoredObject): void {
  Object.assign(story.tx, fields);
}

export const at = (story: TxStory): string => iso(story.at);

/** The processor's reference for a process it handled. */
export const processorReference = (story: TxStory): string => `PR-${story.ctx.rng.chars(12)}`;
