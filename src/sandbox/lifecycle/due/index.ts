// What the life cycles plan for later, happening when the sandbox clock passes it (credentials need no
// rule: they are checked against the clock when presented). `since` is the sandbox's start: demo data
// planned before the sandbox ran stays as the seed wrote it.
import type { Key, Store, StoredObject, WriteJournal } from '../../store';
import { DueQueue, type PlannedStep } from './queue';
import { RULES, RULES_BY_MODEL, dueAt, dueWindow, type DueWindow } from './rules';

export interface DueEvent {
  what: string;
  model: string;
  id: number;
  dueOn: string;
}

/** The one pass over every object of the rules' models (a large sandbox holds hundreds of thousands). */
function scan(store: Store, window: DueWindow): PlannedStep[] {
  const steps: PlannedStep[] = [];
  RULES.forEach((rule, index) =>
    store.forEach(rule.model, (object, key, position) => {
      const at = dueAt(rule, object, store, window);
      if (at !== undefined) steps.push({ rule: index, model: rule.model, key, at, position });
    }),
  );
  return steps;
}

/**
 * The steps due in a window, taken earliest first from a queue one scan fills and every step tops up
 * with what it planned for the objects it wrote. Gives what a fresh scan after every step would give,
 * at the cost of one scan. A step is applied to an object once per rule in a run (done), also when
 * its life cycle refused it.
 */
class DueRunner {
  private readonly done: Set<unknown>[] = RULES.map(() => new Set());
  readonly queue: DueQueue;

  constructor(
    private readonly store: Store,
    private readonly window: DueWindow,
  ) {
    this.queue = new DueQueue(scan(store, window));
  }

  /** Applies, earliest first, every queued step due by `now`, and those the steps plan by then. */
  runUntil(now: Date, journal: WriteJournal): DueEvent[] {
    const happened: DueEvent[] = [];
    for (let step = this.queue.take(now.getTime()); step; step = this.queue.take(now.getTime())) {
      const object = this.stillDue(step);
      if (!object) continue;
      this.apply(step, object, now, happened);
      this.requeue(journal.take());
    }
    return happened;
  }

  /** Queues what the rules find due for the objects written (by a step, or by requests meanwhile). */
  requeue(written: Map<string, Set<Key>>): void {
    for (const [model, keys] of written) {
      for (const index of RULES_BY_MODEL.get(model) ?? []) {
        for (const key of keys) {
          const object = this.store.get(model, key);
          const at = object && dueAt(RULES[index], object, this.store, this.window);
          if (at === undefined || this.done[index].has(object!.id)) continue;
          this.queue.add({ rule: index, model, key, at, position: this.store.positionOf(model, key)! });
        }
      }
    }
  }

  /** Whether the queued step is still due exactly as queued (its object may have moved on since). */
  isCurrent(step: PlannedStep): boolean {
    return this.stateOf(step)?.current ?? false;
  }

  /** The step's object as it is now, its due instant and place, and whether they are the queued ones. */
  private stateOf(
    step: PlannedStep,
  ): { object: StoredObject; at: number; position: number; current: boolean } | undefined {
    const object = this.store.get(step.model, step.key);
    const at = object && dueAt(RULES[step.rule], object, this.store, this.window);
    if (!object || at === undefined || this.done[step.rule].has(object.id)) return undefined;
    const position = this.store.positionOf(step.model, step.key)!;
    return { object, at, position, current: at === step.at && position === step.position };
  }

  /**
   * The object the queued step is for, when the step is still due exactly as queued (a step taken
   * since may have moved the object on, done it, or removed it). A step whose object moved to another
   * instant or place goes back in the queue there.
   */
  private stillDue(step: PlannedStep) {
    const found = this.stateOf(step);
    if (found?.current) return found.object;
    if (found) this.queue.add({ ...step, at: found.at, position: found.position });
    return undefined;
  }

  private apply(step: PlannedStep, object: StoredObject, now: Date, happened: DueEvent[]): void {
    const rule = RULES[step.rule];
    this.done[step.rule].add(object.id);
    const space = this.store.spaceOf(rule.model, step.key);
    try {
      rule.apply(this.store, space ?? Number(object.linkedSpaceId), object, now);
      happened.push({
        what: rule.name,
        model: rule.model,
        id: Number(object.id),
        dueOn: new Date(step.at).toISOString(),
      });
    } catch (error) {
      // 422: the object is no longer where the plan expected it; anything else is a sandbox bug.
      if ((error as { status?: number }).status !== 422) throw error;
    }
  }
}

/**
 * One run over a window (the manual clock's advance: what a test plans happens once the clock passes
 * it). Applies every step planned in (since, now], earliest first, until none is left (a step may plan
 * another that is due as well, such as the next period's bill). A step its life cycle refuses by
 * now (the object moved on meanwhile) is skipped. Returns what happened.
 */
export function runDue(store: Store, since: Date, now: Date): DueEvent[] {
  const runner = new DueRunner(store, dueWindow(since, now));
  const journal = store.openJournal();
  try {
    return runner.runUntil(now, journal);
  } finally {
    journal.close();
  }
}

/** Below this many queued steps, stale ones are not worth a compaction. */
const COMPACT_ABOVE = 1024;

/**
 * One run of the rules over (since, ∞), spread over catch-ups: the real clock's. One scan at the start
 * queues every planned step, also those due later; the store's write journal stays open between
 * catch-ups, so that each catch-up first queues again the objects requests wrote meanwhile, then
 * applies what came due. Many small catch-ups apply the same steps, in the same order, as one catch-up
 * at the last instant would (a step refused once is not tried again, as within one run); a fresh scan
 * per catch-up is never needed. Owns the store's journal until closed.
 */
export class DueAgenda {
  private readonly runner: DueRunner;
  private readonly journal: WriteJournal;
  /** The queue's size after the last compaction: what it may grow to (twice that) before the next. */
  private compacted = 0;

  constructor(store: Store, since: Date) {
    this.journal = store.openJournal();
    this.runner = new DueRunner(store, dueWindow(since));
    this.compacted = this.runner.queue.size;
  }

  /** Applies what came due by `now`, requests' writes included; returns what happened. */
  catchUp(now: Date): DueEvent[] {
    this.runner.requeue(this.journal.take());
    const happened = this.runner.runUntil(now, this.journal);
    this.compactWhenStale();
    return happened;
  }

  /** How many steps are queued (the current ones and the stale ones not dropped yet). */
  get queued(): number {
    return this.runner.queue.size;
  }

  close(): void {
    this.journal.close();
  }

  /**
   * Every write of an object with a planned step queues it again, and the superseded entry stays
   * until its instant comes: once the queue holds twice what it held after the last compaction, only
   * the current entries are kept (once each), so memory stays one record per planned step.
   */
  private compactWhenStale(): void {
    const queue = this.runner.queue;
    if (queue.size <= Math.max(COMPACT_ABOVE, 2 * this.compacted)) return;
    const seen = new Set<string>();
    queue.compact((step) => {
      const id = `${step.rule}:${step.position}`;
      if (seen.has(id) || !this.runner.isCurrent(step)) return false;
      seen.add(id);
      return true;
    });
    this.compacted = queue.size;
  }
}
