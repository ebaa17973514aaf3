// The planned steps of the due rules (./index.ts), earliest first. Steps due at the same instant go in
// the order one scan of the store meets them: by rule, then by the object's place in its model's
// creation order. So the queue hands out the steps in the order a fresh scan after every step would
// find them, while only the objects a step wrote need looking at again.
import type { Key } from '../../store';

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

/** A total order on distinct steps: positions are unique across the store, so equal means the same step. */
export function compareSteps(a: PlannedStep, b: PlannedStep): number {
  return a.at - b.at || a.rule - b.rule || a.position - b.position;
}

/**
 * A binary min-heap: the first scan fills it in one pass, and steps come in and out by the logarithm
 * of its size, which matters once it lives between the real clock's catch-ups and holds what is
 * planned for later as well (a sorted array would move the whole of it for each step added).
 */
export class DueQueue {
  private steps: PlannedStep[];

  constructor(steps: PlannedStep[]) {
    this.steps = steps;
    this.heapify();
  }

  get size(): number {
    return this.steps.length;
  }

  add(step: PlannedStep): void {
    const steps = this.steps;
    let at = steps.push(step) - 1;
    while (at > 0) {
      const parent = (at - 1) >>> 1;
      if (compareSteps(steps[parent], step) <= 0) break;
      steps[at] = steps[parent];
      at = parent;
    }
    steps[at] = step;
  }

  /** The earliest step when it is due by `until` (ms; any time when omitted), taken out; else undefined. */
  take(until = Infinity): PlannedStep | undefined {
    const steps = this.steps;
    if (!steps.length || steps[0].at > until) return undefined;
    const first = steps[0];
    const last = steps.pop()!;
    if (steps.length) {
      steps[0] = last;
      this.sink(0);
    }
    return first;
  }

  /** Keeps only the steps `keep` accepts (the ones still current), in queue order again. */
  compact(keep: (step: PlannedStep) => boolean): void {
    this.steps = this.steps.filter(keep);
    this.heapify();
  }

  private heapify(): void {
    for (let at = (this.steps.length >>> 1) - 1; at >= 0; at -= 1) this.sink(at);
  }

  private sink(from: number): void {
    const steps = this.steps;
    const step = steps[from];
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= steps.length) break;
      if (child + 1 < steps.length && compareSteps(steps[child + 1], steps[child]) < 0) child += 1;
      if (compareSteps(steps[child], step) >= 0) break;
      steps[at] = steps[child];
      at = child;
    }
    steps[at] = step;
  }
}
