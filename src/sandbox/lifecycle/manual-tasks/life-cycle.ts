// Manual task life cycle: an OPEN task is done by processing one of its actions (or by deciding
// directly what it asks about). Expiry is the stored state (EXPIRED), not derived from expiresOn: the
// task expires when the sandbox clock passes expiresOn (../due/); demo data planned before the
// sandbox started keeps its tasks OPEN past that date. What an action does besides closing its task is the
// business of manual-task-actions.ts.
import { ApiError } from '../../errors';
import { createObject, loadObject } from '../../objects';
import type { Store, StoredObject } from '../../store';
import { applyTransition, assertTransition, defineLifecycle } from '../machine';

export const manualTaskLifecycle = defineLifecycle({
  model: 'ManualTask',
  field: 'state',
  actions: {
    process: { from: ['OPEN'], to: 'DONE' },
    // The sandbox clock passed its expiresOn.
    expire: { from: ['OPEN'], to: 'EXPIRED' },
  },
});

export interface TaskAction {
  id: number;
  taskType?: number;
  label?: Record<string, string>;
  style?: string;
}

export interface NewTask {
  type: number;
  contextEntityId: number;
  expiresOn: string;
  actions: TaskAction[];
}

export const actionsOf = (task: StoredObject): TaskAction[] => (task.actions ?? []) as TaskAction[];

/** Opens a task (OPEN) in `space`. */
export function openTask(store: Store, space: number, task: NewTask, now: Date) {
  return createObject(store, 'ManualTask', space, { ...task, state: 'OPEN' }, now);
}

/** The OPEN tasks of `type` about entity `contextEntityId`. */
export function openTasksAbout(store: Store, space: number, type: number, contextEntityId: number) {
  return store
    .where('ManualTask', 'contextEntityId', contextEntityId, space)
    .filter((t) => t.state === 'OPEN' && t.type === type);
}

/** Refuses (422) unless every task may be closed now; changes nothing. */
export function assertClosable(tasks: StoredObject[]): void {
  for (const task of tasks) assertTransition(manualTaskLifecycle, task, 'process');
}

/** OPEN -> DONE. */
export function closeTask(store: Store, space: number, id: number) {
  return applyTransition(store, manualTaskLifecycle, id, space, 'process');
}

/**
 * The OPEN task `id` and its action `actionId`: 422 (naming the state) when the task is not OPEN,
 * 404 naming the action when the task does not offer it. Changes nothing.
 */
export function taskForAction(
  store: Store,
  space: number,
  id: number,
  actionId: number,
): { task: StoredObject; action: TaskAction } {
  const task = loadObject(store, 'ManualTask', id, space);
  assertTransition(manualTaskLifecycle, task, 'process');
  const action = actionsOf(task).find((a) => a.id === actionId);
  if (!action) {
    const known =
      actionsOf(task)
        .map((a) => a.id)
        .join(', ') || 'none';
    throw new ApiError(404, `ManualTask ${id} has no action ${actionId} (its actions: ${known}).`, {
      actionId: 'unknown action',
    });
  }
  return { task, action };
}

/** The notification text of a task: what it is about, its state and the actions it offers. */
export function notificationText(store: Store, space: number, id: number): string {
  const task = loadObject(store, 'ManualTask', id, space);
  const labels = actionsOf(task).map(
    (a) => a.label?.['en-US'] ?? Object.values(a.label ?? {})[0] ?? `action ${a.id}`,
  );
  const about =
    task.contextEntityId !== undefined ? ` concerning entity ${String(task.contextEntityId)}` : '';
  const expiry = typeof task.expiresOn === 'string' ? ` It expires on ${task.expiresOn}.` : '';
  const offer = task.state === 'OPEN' && labels.length ? ` Possible actions: ${labels.join(', ')}.` : '';
  return `Manual task ${id} of type ${String(task.type)}${about} is ${String(task.state)}.${expiry}${offer}`;
}
