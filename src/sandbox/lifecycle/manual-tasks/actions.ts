// What processing a manual task action does, as data: per task type, the object the task is about
// and, per action id, the life-cycle action it performs on that object. Processing checks every
// transition involved (task OPEN -> DONE and the mapped action) before it applies any, then applies
// them in one synchronous step; the mapped action closes the task with the decision. A task type
// without an entry has no effect beyond OPEN -> DONE.
import { ApiError } from '../../errors';
import type { Store, StoredObject } from '../../store';
import {
  applyManualDecision,
  checkManualDecision,
  DELIVERY_CHECK_TASK,
  indicationOfTransaction,
  isManualDecision,
} from '../after-sales/delivery-indications';
import { closeTask, taskForAction } from './life-cycle';

interface Actor {
  userId: number | undefined;
  now: Date;
}

/** The effect of one task type's actions. */
interface TaskKind {
  /** What the task is about, for messages. */
  subject: string;
  /** Action id -> the subject's life-cycle action. */
  actions: Record<number, string>;
  /** Checks every transition `action` involves (throws 422, changes nothing); returns how to apply it. */
  check(store: Store, space: number, task: StoredObject, action: string, actor: Actor): () => void;
}

const deliveryCheck: TaskKind = {
  subject: 'DeliveryIndication',
  actions: { [DELIVERY_CHECK_TASK.accept]: 'markSuitable', [DELIVERY_CHECK_TASK.decline]: 'markNotSuitable' },
  check: (store, space, task, action, actor) => {
    if (!isManualDecision(action))
      throw new Error(`delivery check task action maps to unknown decision ${action}`);
    const indication = indicationOfTransaction(store, space, Number(task.contextEntityId));
    const checked = checkManualDecision(store, space, Number(indication.id), action);
    return () => applyManualDecision(store, checked, actor.userId, actor.now);
  },
};

const KINDS: Record<number, TaskKind> = {
  [DELIVERY_CHECK_TASK.type]: deliveryCheck,
};

/**
 * Processes action `actionId` of task `id`. 422 when the task is not OPEN or the mapped action is
 * refused (naming the state; nothing changes), 404 when the task has no such action, 422 when its
 * type maps the action to nothing.
 */
export function processAction(store: Store, space: number, id: number, actionId: number, actor: Actor) {
  const { task } = taskForAction(store, space, id, actionId);
  const kind = KINDS[Number(task.type)];
  if (!kind) return closeTask(store, space, id);
  const action = kind.actions[actionId];
  if (action === undefined) {
    const known = Object.keys(kind.actions).join(', ');
    throw new ApiError(
      422,
      `Action ${actionId} of manual task type ${String(task.type)} does nothing the sandbox knows (known: ${known}).`,
      {
        actionId: 'no effect defined',
      },
    );
  }
  let apply: () => void;
  try {
    apply = kind.check(store, space, task, action, actor);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      throw new ApiError(
        422,
        `ManualTask ${id} action ${actionId} (${action} on its ${kind.subject}): ${error.message}`,
        error.errors,
      );
    }
    throw error;
  }
  apply();
  // The decision closes the open tasks about its subject, this one among them.
  const after = store.get('ManualTask', id, space);
  return after?.state === 'OPEN' ? closeTask(store, space, id) : (after ?? task);
}
