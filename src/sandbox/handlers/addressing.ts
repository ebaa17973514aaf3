// Which objects a request addresses: the one named by its path (in its space, under the parent its
// path names), or those a list or search ranges over.
import type { Resource } from '../../catalog';
import type { HandlerRequest, SandboxState } from '../context';
import { notFound } from '../errors';
import { loadObject } from '../objects';
import { canSeeSpace } from '../permissions';
import type { IndexLookup } from '../search';
import type { StoredObject } from '../store';

/** The object a by-key operation addresses: in the request's space and, on nested bases, under the parent named in the path. */
export function addressedObject(resource: Resource, req: HandlerRequest, sandbox: SandboxState) {
  const raw = req.params[resource.key.pathParam];
  const object = loadObject(
    sandbox.store,
    resource.model,
    resource.key.type === 'long' ? Number(raw) : raw,
    req.space,
  );
  if (resource.parent && object[resource.parent.field] !== Number(req.params[resource.parent.pathParam])) {
    throw notFound(
      `${resource.model} ${raw} does not belong to ${resource.parent.model} ${req.params[resource.parent.pathParam]}.`,
    );
  }
  return object;
}

/** Objects visible through this base: same space, and under the parent named in the path. */
export function visibleObjects(
  resource: Resource,
  req: HandlerRequest,
  sandbox: SandboxState,
): StoredObject[] {
  return visibleSource(resource, req, sandbox)([]);
}

/**
 * What a search ranges over: given the index lookups its query allows, the visible objects of the
 * cheapest one (a superset of the matches, in creation order), or every visible object when there are
 * none (or when the parent's children are fewer). The parent named in the path is checked at once,
 * before the query is read.
 */
export type ObjectSource = (lookups: readonly IndexLookup[]) => StoredObject[];

export function visibleSource(resource: Resource, req: HandlerRequest, sandbox: SandboxState): ObjectSource {
  const { store } = sandbox;
  const { model, parent } = resource;
  const space = resource.spaceScoped ? req.space : undefined;
  const parentId = parent ? Number(req.params[parent.pathParam]) : undefined;
  if (parent) loadObject(store, parent.model, parentId!, req.space);
  const size = (lookup: IndexLookup) => store.countKeyIn(model, lookup.name, lookup.key, lookup.keys);
  const spaceRule = (objects: StoredObject[]) =>
    model === 'Space' ? objects.filter((s) => canSeeSpace(req.user, s.id)) : objects;
  return (lookups) => {
    const chosen = cheapest(lookups, size);
    if (parent) {
      const children = store.where(model, parent.field, parentId, space);
      if (!chosen || children.length <= chosen.size) return children;
      return store
        .whereKeyIn(model, chosen.lookup.name, chosen.lookup.key, chosen.lookup.keys, space)
        .filter((o) => o[parent.field] === parentId);
    }
    return spaceRule(
      chosen
        ? store.whereKeyIn(model, chosen.lookup.name, chosen.lookup.key, chosen.lookup.keys, space)
        : store.list(model, space),
    );
  };
}

function cheapest(
  lookups: readonly IndexLookup[],
  size: (lookup: IndexLookup) => number,
): { lookup: IndexLookup; size: number } | undefined {
  let best: { lookup: IndexLookup; size: number } | undefined;
  for (const lookup of lookups) {
    const n = size(lookup);
    if (!best || n < best.size) best = { lookup, size: n };
  }
  return best;
}
