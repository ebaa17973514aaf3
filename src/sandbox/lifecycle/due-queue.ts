// The planned steps of one run of the due rules (./due.ts), earliest first. Steps due at the same
// instant go in the order one scan of the store meets them: by rule, then by the object's place in
// its model's creation order. So the queue hands out the steps in the order a fresh scan after every
// step would find them, while only the objects a step wrote need looking at again.
import type { Key } from '../store';

export interface PlannedStep {
  /** The rule's index in the list of rules. */
  rule: number;
  model: string;
  key: Key;
  /** When it is due (ms since the epoch). */
  at: number;
  /** The object's place in its model's creation order (Store.positionOf). */
  position: number;
}

export function compareSteps(a: PlannedStep, b: PlannedStep): number {
  return a.at - b.at || a.rule - b.rule || a.position - b.position;
}

/**
 * A sorted array read from the front: the first scan fills it in one sort, and a step plans only a
 * few more, each put in its place by a binary search (cheaper than a heap's churn for that mix).
 */
export class DueQueue {
  private readonly steps: PlannedStep[];
  private next = 0;

  constructor(steps: PlannedStep[]) {
    this.steps = steps.sort(compareSteps);
  }

  add(step: PlannedStep): void {
    let [low, high] = [this.next, this.steps.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareSteps(this.steps[middle], step) <= 0) low = middle + 1;
      else high = middle;
    }
    this.steps.splice(low, 0, step);
  }

  /** The earliest step not taken yet, or undefined when none is left. */
  take(): PlannedStep | undefined {
    return this.next < this.steps.length ? this.steps[this.next++] : undefined;
  }
}
