// Manual task life cycle: an OPEN task is done by processing one of its actions. Expiry is the
// stored state (EXPIRED), not derived from expiresOn: demo data keeps tasks OPEN past that date.
import { ApiError } from '../errors';
import { loadObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { applyTransition, assertTransition, defineLifecycle } from './machine';

export const manualTaskLifecycle = defineLifecycle({
  model: 'ManualTask',
  field: 'state',
  actions: {
    process: { from: ['OPEN'], to: 'DONE' },
  },
});

interface TaskAction {
  id: number;
  label?: Record<string, string>;
  style?: string;
}

const actionsOf = (task: StoredObject): TaskAction[] => (task.actions ?? []) as TaskAction[];

/** Processes action `actionId` of task `id`: OPEN -> DONE. */
export function processAction(store: Store, space: number, id: number, actionId: number): StoredObject {
  const task = loadObject(store, 'ManualTask', id, space);
  assertTransition(manualTaskLifecycle, task, 'process');
  if (!actionsOf(task).some((a) => a.id === actionId)) {
    const known = actionsOf(task).map((a) => a.id).join(', ') || 'none';
    throw new ApiError(404, `ManualTask ${id} has no action ${actionId} (its actions: ${known}).`, { actionId: 'unknown action' });
  }
  return applyTransition(store, manualTaskLifecycle, id, space, 'process');
}

/** The notification text of a task: what it is about, its state and the actions it offers. */
export function notificationText(store: Store, space: number, id: number): string {
  const task = loadObject(store, 'ManualTask', id, space);
  const labels = actionsOf(task).map((a) => a.label?.['en-US'] ?? Object.values(a.label ?? {})[0] ?? `action ${a.id}`);
  const about = task.contextEntityId !== undefined ? ` concerning entity ${String(task.contextEntityId)}` : '';
  const expiry = typeof task.expiresOn === 'string' ? ` It expires on ${task.expiresOn}.` : '';
  const offer = task.state === 'OPEN' && labels.length ? ` Possible actions: ${labels.join(', ')}.` : '';
  return `Manual task ${id} of type ${String(task.type)}${about} is ${String(task.state)}.${expiry}${offer}`;
}
