// The leader's tick: what the REST API says changed for every subscriber's interest (of every
// instance), measured against the watch state, which it moves forward. Followed objects cost one
// search per 100 keys, then one fetch of the changed ones with the union expand set; a collection
// filter costs one search on the model's event timestamps, which also asks again for the recent
// objects it knows (changes such as a void or a metadata update leave no timestamp to search on).
import { finalStates, resourceOf } from '../catalog';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../rest/types';
import { changedSince, fetchByKeys, keyOf, latestEvent, type Row, type Upstream } from './detect';
import {
  signatureOf,
  union,
  type Change,
  type CollectionState,
  type Interest,
  type WatchState,
} from './state';

/** Recent non-final objects a collection watch asks for again each tick (one search's worth). */
export const KNOWN_LIMIT = 100;

/** Counts the REST calls of one tick (they are charged to the subscribers). */
export class CountingCaller implements RestCaller {
  calls = 0;
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    this.calls += 1;
    return this.inner.call(operationId, options);
  }
}

async function entityChanges(
  u: Upstream,
  model: string,
  interest: Interest,
  state: WatchState,
): Promise<Change['entities']> {
  for (const key of Object.keys(state.signatures))
    if (!(key in interest.entities)) delete state.signatures[key];
  const keys = Object.keys(interest.entities);
  if (keys.length === 0) return [];
  const now = await fetchByKeys(u, model, keys, []);
  const due = keys.filter((k) => {
    const row = now.get(k);
    return !row || signatureOf(row) !== state.signatures[k] || interest.entities[k].fresh;
  });
  if (due.length === 0) return [];
  const expand = union(due.map((k) => interest.entities[k].expand));
  const full =
    expand.length > 0
      ? await fetchByKeys(
          u,
          model,
          due.filter((k) => now.has(k)),
          expand,
        )
      : now;
  return due.map((key) => {
    const object = full.get(key);
    if (object) state.signatures[key] = signatureOf(object);
    else delete state.signatures[key];
    return { key, object, expand };
  });
}

function isFinal(model: string, row: Row): boolean {
  return finalStates[model]?.includes(String(row.state)) ?? false;
}

/** Marks a row seen: its signature, the watermark, and (not final) the known keys, newest first. */
function advance(model: string, state: CollectionState, row: Row): void {
  const key = keyOf(resourceOf(model), row);
  state.seen[key] = signatureOf(row);
  const t = latestEvent(model, row);
  if (t && Date.parse(t) > Date.parse(state.watermark)) state.watermark = t;
  state.known = state.known.filter((k) => k !== key);
  if (!isFinal(model, row)) state.known.unshift(key);
  state.known.length = Math.min(state.known.length, KNOWN_LIMIT);
}

/** Rows whose last event is older than the watermark cannot be found again by timestamp: forget them unless known. */
function prune(model: string, state: CollectionState, rows: readonly Row[]): void {
  const keep = new Set(state.known);
  for (const r of rows) {
    const t = latestEvent(model, r);
    if (t === undefined || Date.parse(t) >= Date.parse(state.watermark))
      keep.add(keyOf(resourceOf(model), r));
  }
  for (const key of Object.keys(state.seen)) if (!keep.has(key)) delete state.seen[key];
}

/** From the moment of subscribing: what happened up to now is marked seen, not handed out. */
async function baseline(u: Upstream, model: string, filter: string): Promise<CollectionState> {
  const recent = await changedSince(u, model, '', undefined);
  const latest = recent
    .map((r) => latestEvent(model, r))
    .filter((t): t is string => t !== undefined)
    .sort((x, y) => Date.parse(y) - Date.parse(x))[0];
  const state: CollectionState = { watermark: latest ?? new Date(0).toISOString(), seen: {}, known: [] };
  // Oldest first, so the newest end up first among the known keys.
  for (const r of (await changedSince(u, model, filter, undefined)).reverse()) advance(model, state, r);
  return state;
}

async function collectionChanges(
  u: Upstream,
  model: string,
  interest: Interest,
  state: WatchState,
): Promise<Change['collections']> {
  for (const filter of Object.keys(state.collections))
    if (!(filter in interest.collections)) delete state.collections[filter];
  const resource = resourceOf(model);
  const changes: Change['collections'] = [];
  for (const [filter, { expand }] of Object.entries(interest.collections)) {
    const s = state.collections[filter];
    if (!s) {
      state.collections[filter] = await baseline(u, model, filter);
      continue;
    }
    const known = [...s.known];
    const rows = await changedSince(u, model, filter, s.watermark, known);
    const fresh = rows.filter((r) => s.seen[keyOf(resource, r)] !== signatureOf(r)).reverse();
    // A known key the search no longer returns no longer matches the filter.
    const returned = new Set(rows.map((r) => keyOf(resource, r)));
    s.known = s.known.filter((k) => returned.has(k));
    for (const r of fresh) advance(model, s, r);
    prune(model, s, rows);
    if (fresh.length === 0) continue;
    const full =
      expand.length > 0
        ? await fetchByKeys(
            u,
            model,
            fresh.map((r) => keyOf(resource, r)),
            expand,
          )
        : undefined;
    changes.push({ filter, expand, objects: fresh.map((r) => full?.get(keyOf(resource, r)) ?? r) });
  }
  return changes;
}

/** One tick for the whole interest; the REST calls it made are counted in the change. */
export async function detect(
  u: Upstream,
  model: string,
  interest: Interest,
  state: WatchState,
): Promise<Change> {
  const counted = new CountingCaller(u.rest);
  const upstream = { rest: counted, space: u.space };
  const entities = await entityChanges(upstream, model, interest, state);
  const collections = await collectionChanges(upstream, model, interest, state);
  return { entities, collections, restCalls: counted.calls, subscribers: interest.subscribers };
}
