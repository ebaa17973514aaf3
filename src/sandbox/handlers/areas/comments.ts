// Pin and unpin, one mechanism for every comment resource: the operations are found in the catalog
// (extras ending in /pin or /unpin), and the parent each comment hangs under comes from the
// resource's `parent` (annotations' parentPathParams). Pinning a pinned comment changes nothing.
import { resources, type Operation, type Resource } from '../../../catalog';
import { noContent, type Handler } from '../../context';
import { notFound } from '../../errors';
import { loadObject } from '../../objects';
import { defineHandlers } from '../registry';
import { idParam, spaceOf } from './support';

function pinHandler(resource: Resource, pinned: boolean): Handler {
  const parent = resource.parent!;
  return (req, sandbox) => {
    const space = spaceOf(req);
    const parentId = idParam(req, parent.pathParam);
    const id = idParam(req);
    loadObject(sandbox.store, parent.model, parentId, space);
    const comment = loadObject(sandbox.store, resource.model, id, space);
    if (comment[parent.field] !== parentId) {
      throw notFound(`${resource.model} ${id} does not belong to ${parent.model} ${parentId}.`);
    }
    if (comment.pinned !== pinned) {
      sandbox.store.update(resource.model, id, space, (c) => ({
        ...c,
        pinned,
        version: Number(c.version ?? 0) + 1,
      }));
    }
    return noContent();
  };
}

const pinOperation = (op: Operation): boolean | undefined =>
  op.path.endsWith('/pin') ? true : op.path.endsWith('/unpin') ? false : undefined;

const handlers: Record<string, Handler> = {};
for (const resource of resources) {
  if (!resource.parent) continue;
  for (const op of resource.extras) {
    const pinned = pinOperation(op);
    if (pinned !== undefined) handlers[op.operationId] = pinHandler(resource, pinned);
  }
}
defineHandlers(handlers);

/** The operationIds served here (for tests and the report). */
export const commentPinOperations = Object.keys(handlers);
