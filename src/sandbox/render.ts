// Turns a stored object into its response shape: link fields stay ids unless expanded, then whole
// (recursively, per the expand tree); properties omitted by default appear only when expanded.
import { resourceByModel } from '../catalog';
import type { ExpandTree } from './context';
import type { Store, StoredObject, Key } from './store';

const EMPTY: ExpandTree = new Map();

export function createRenderer(store: Store) {
  /** Expands within the linking object's space: a link never reveals an object of another space. */
  function expandLink(model: string, value: unknown, subtree: ExpandTree, space: number | undefined): unknown {
    if (Array.isArray(value)) return value.map((v) => expandLink(model, v, subtree, space));
    if (typeof value !== 'number' && typeof value !== 'string') return value;
    const linked = store.get(model, value as Key, space);
    return linked ? render(model, linked, subtree) : value;
  }

  /** A shallow copy without the omitted properties that are not expanded (no `delete`: it slows V8). */
  function copyVisible(object: StoredObject, omitted: readonly string[], expand: ExpandTree): Record<string, unknown> {
    if (omitted.length === 0 || omitted.every((f) => expand.has(f))) return { ...object };
    const out: Record<string, unknown> = {};
    for (const key in object) if (!omitted.includes(key) || expand.has(key)) out[key] = object[key];
    return out;
  }

  function spaceOf(model: string, object: StoredObject): number | undefined {
    return store.spaceOf(model, object[resourceByModel.get(model)?.key.field ?? 'id'] as Key) ?? undefined;
  }

  function render(model: string, object: StoredObject, expand: ExpandTree = EMPTY): Record<string, unknown> {
    const resource = resourceByModel.get(model);
    if (!resource) return { ...object };
    const out = copyVisible(object, resource.omittedByDefault, expand);
    if (expand.size === 0) return out;
    for (const link of resource.links) {
      const subtree = expand.get(link.field);
      if (subtree && out[link.field] !== undefined && out[link.field] !== null) {
        out[link.field] = expandLink(link.model, out[link.field], subtree, spaceOf(model, object));
      }
    }
    return out;
  }

  return render;
}
