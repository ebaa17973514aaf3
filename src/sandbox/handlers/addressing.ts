// Which objects a request addresses: the one named by its path (in its space, under the parent its
// path names), or those a list or search ranges over.
import type { Resource } from '../../catalog';
import type { HandlerRequest, SandboxState } from '../context';
import { notFound } from '../errors';
import { loadObject } from '../objects';
import { canSeeSpace } from '../permissions';
import type { StoredObject } from '../store';

/** The object a by-key operation addresses: in the request's space and, on nested bases, under the parent named in the path. */
export function addressedObject(resource: Resource, req: HandlerRequest, sandbox: SandboxState): StoredObject {
  const raw = req.params[resource.key.pathParam];
  const object = loadObject(sandbox.store, resource.model, resource.key.type === 'long' ? Number(raw) : raw, req.space);
  if (resource.parent && object[resource.parent.field] !== Number(req.params[resource.parent.pathParam])) {
    throw notFound(`${resource.model} ${raw} does not belong to ${resource.parent.model} ${req.params[resource.parent.pathParam]}.`);
  }
  return object;
}

/** Objects visible through this base: same space, and under the parent named in the path. */
export function visibleObjects(resource: Resource, req: HandlerRequest, sandbox: SandboxState): StoredObject[] {
  const space = resource.spaceScoped ? req.space : undefined;
  if (!resource.parent) {
    const all = sandbox.store.list(resource.model, space);
    return resource.model === 'Space' ? all.filter((s) => canSeeSpace(req.user, s.id)) : all;
  }
  const parentId = Number(req.params[resource.parent.pathParam]);
  loadObject(sandbox.store, resource.parent.model, parentId, req.space);
  return sandbox.store.where(resource.model, resource.parent.field, parentId, space);
}
