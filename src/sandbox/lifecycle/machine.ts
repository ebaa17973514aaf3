// Life cycles as explicit transition tables. Every action that changes a state goes through
// `applyTransition`, which refuses (422, naming the current state and the action) anything the table
// does not allow, and changes nothing in that case.
import { ApiError } from '../errors';
import type { Key, Store, Stored, StoredObject } from '../store';
import { loadObject } from '../objects';

export interface TransitionTable<State extends string = string, Model extends string = string> {
  model: Model;
  /** The field holding the state, `state` for every resource of the API. */
  field: string;
  /** action -> the states it may start from and the state it leads to. */
  actions: Record<string, { from: readonly State[]; to: State }>;
}

const tables = new Map<string, TransitionTable>();

export function defineLifecycle<State extends string, Model extends string>(
  table: TransitionTable<State, Model>,
): TransitionTable<State, Model> {
  if (tables.has(table.model)) throw new Error(`life cycle of ${table.model} defined twice`);
  tables.set(table.model, table);
  return table;
}

export function lifecycleOf(model: string): TransitionTable | undefined {
  return tables.get(model);
}

/** Throws 422 unless `action` is allowed from the object's current state. */
export function assertTransition<State extends string>(
  table: TransitionTable<State>,
  object: StoredObject,
  action: string,
): State {
  const rule = table.actions[action];
  if (!rule) throw new Error(`${table.model} has no action ${action}`);
  const current = String(object[table.field]);
  if (!(rule.from as readonly string[]).includes(current)) {
    throw new ApiError(
      422,
      `Cannot ${action} ${table.model} ${String(object.id)}: it is ${current}, and ${action} is allowed only from ${rule.from.join(', ')}.`,
      { [table.field]: current },
    );
  }
  return rule.to;
}

/**
 * Loads the object, checks the transition and applies it with `change` (which may set other fields)
 * in one synchronous step; raises `version` where the model is versioned.
 */
export function applyTransition<Model extends string>(
  store: Store,
  table: TransitionTable<string, Model>,
  key: Key,
  space: number | null,
  action: string,
  change: (object: Stored<Model>) => StoredObject = (o) => o,
): Stored<Model> {
  const current = loadObject(store, table.model, key, space);
  const to = assertTransition(table, current, action);
  const next = change({ ...current, [table.field]: to });
  next[table.field] = next[table.field] ?? to;
  if (typeof current.version === 'number') next.version = current.version + 1;
  const outcome = store.update(table.model, key, space, () => next);
  if (!outcome.ok) throw new Error(`object ${key} vanished during ${action}`);
  return outcome.object;
}
