// Turns a stored object into its response shape: link fields are collapsed to an object holding the
// linked object's key, `{"id": 123}`, as the response schemas type them, unless expanded, then whole
// (recursively, per the expand tree); properties omitted by default appear only when expanded. The
// store keeps links as bare keys; only responses carry the object form.
import { refName, resourceByModel, schemas } from '../catalog';
import type { ExpandTree } from './context';
import { isKey } from './objects';
import type { Store, StoredObject } from './store';
import { EMBEDDED_LINKS } from './lifecycle/transactions/groups';

const EMPTY: ExpandTree = new Map();

interface RenderLink {
  field: string;
  model: string;
  /** The linked model's key field, the one property of a collapsed link. */
  keyField: string;
}

const linkCache = new Map<string, RenderLink[]>();

/**
 * The links of a model: a resource's catalog links; for a model that is not a resource (an action's
 * result, such as a charge or a suspension), every property the schema types as an entity.
 */
export function renderLinksOf(model: string): RenderLink[] {
  let links = linkCache.get(model);
  if (links) return links;
  const resource = resourceByModel.get(model);
  const declared = resource
    ? resource.links.map(({ field, model: target }) => ({ field, model: target }))
    : Object.entries(schemas[model]?.properties ?? {}).flatMap(([field, property]) => {
        const target = refName(property.type === 'array' ? property.items : property);
        return target && resourceByModel.has(target) ? [{ field, model: target }] : [];
      });
  links = declared.map((l) => ({ ...l, keyField: resourceByModel.get(l.model)?.key.field ?? 'id' }));
  linkCache.set(model, links);
  return links;
}

/** A bare key becomes `{ [keyField]: key }`; objects (already expanded) and arrays of either stay as they are. */
function collapse(value: unknown, keyField: string): unknown {
  if (Array.isArray(value)) return value.map((v) => collapse(v, keyField));
  return typeof value === 'number' || typeof value === 'string' ? { [keyField]: value } : value;
}

export function createRenderer(store: Store) {
  /** Expands within the linking object's space: a link never reveals an object of another space. */
  function expandLink(
    link: RenderLink,
    value: unknown,
    subtree: ExpandTree,
    space: number | undefined,
  ): unknown {
    if (Array.isArray(value)) return value.map((v) => expandLink(link, v, subtree, space));
    if (typeof value !== 'number' && typeof value !== 'string') return value;
    const linked = store.get(link.model, value, space);
    return linked ? render(link.model, linked, subtree) : collapse(value, link.keyField);
  }

  /** A shallow copy without the omitted properties that are not expanded (no `delete`: it slows V8). */
  function copyVisible(
    object: StoredObject,
    omitted: readonly string[],
    expand: ExpandTree,
  ): Record<string, unknown> {
    if (omitted.length === 0 || omitted.every((f) => expand.has(f))) return { ...object };
    const out: Record<string, unknown> = {};
    for (const key in object) if (!omitted.includes(key) || expand.has(key)) out[key] = object[key];
    return out;
  }

  function spaceOf(model: string, object: StoredObject): number | undefined {
    const key = object[resourceByModel.get(model)?.key.field ?? 'id'];
    return isKey(key) ? (store.spaceOf(model, key) ?? undefined) : undefined;
  }

  function render(model: string, object: StoredObject, expand: ExpandTree = EMPTY): Record<string, unknown> {
    const resource = resourceByModel.get(model);
    const out = resource ? copyVisible(object, resource.omittedByDefault, expand) : { ...object };
    for (const link of renderLinksOf(model)) {
      const value = out[link.field];
      if (value === undefined || value === null) continue;
      const subtree = expand.get(link.field);
      out[link.field] = subtree
        ? expandLink(link, value, subtree, spaceOf(model, object))
        : collapse(value, link.keyField);
    }
    for (const field of EMBEDDED_LINKS[model] ?? []) {
      const value = out[field] as { id?: unknown } | undefined;
      if (value && typeof value === 'object' && !expand.has(field)) out[field] = { id: value.id };
    }
    return out;
  }

  return render;
}
