// The `expand` parameter: parsed into a tree, validated against the model the operation returns,
// limited to four levels.
import { refName, resourceByModel, schemas, type JsonSchema, type Operation } from '../catalog';
import type { ExpandTree } from './context';
import { badRequest } from './errors';
import { EMBEDDED_LINKS } from './lifecycle/transactions/groups';

export const MAX_EXPAND_DEPTH = 4;

/** The entity model an operation's success response is made of (list items, search hits, or itself). */
export function responseModel(op: Operation): string | undefined {
  let schema: JsonSchema | undefined = op.response?.schema;
  if (!schema) return undefined;
  if (schema.type === 'array') schema = schema.items;
  const name = refName(schema);
  if (!name) return undefined;
  const data = schemas[name]?.properties?.data;
  if (/(List|Search)Response$/.test(name) && data?.items) return refName(data.items);
  return name;
}

/** What `name` expands to on `model`: the linked model, or null for an omitted-by-default property. */
function expandable(model: string, name: string): string | null | undefined {
  const resource = resourceByModel.get(model);
  if (resource) {
    const link = resource.links.find((l) => l.field === name);
    if (link) return link.model;
    // Omitted properties and identity-bearing objects kept inside their owner show whole when expanded.
    if (resource.omittedByDefault.includes(name) || EMBEDDED_LINKS[model]?.includes(name)) return null;
    return undefined;
  }
  // Models that are not resources (e.g. responses of actions): any property that is an entity.
  const property = schemas[model]?.properties?.[name];
  if (!property) return undefined;
  const target = refName(property.type === 'array' ? property.items : property);
  return target && resourceByModel.has(target) ? target : undefined;
}

/** Reads `expand` given comma-separated, repeated, or both. */
export function expandNames(query: URLSearchParams): string[] {
  return query
    .getAll('expand')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function parseExpand(query: URLSearchParams, op: Operation): ExpandTree {
  const tree: ExpandTree = new Map();
  const names = expandNames(query);
  if (names.length === 0) return tree;
  const root = responseModel(op);
  for (const path of names) {
    const parts = path.split('.');
    if (parts.length > MAX_EXPAND_DEPTH) {
      throw badRequest(
        `expand path "${path}" is ${parts.length} levels deep; at most ${MAX_EXPAND_DEPTH} are allowed.`,
        {
          expand: path,
        },
      );
    }
    let model: string | null | undefined = root;
    let node = tree;
    for (const part of parts) {
      const target: string | null | undefined = model ? expandable(model, part) : undefined;
      if (target === undefined) {
        throw badRequest(
          `expand path "${path}": "${part}" is not an expandable property of ${model ?? 'this response'}.`,
          {
            expand: path,
          },
        );
      }
      let child = node.get(part);
      if (!child) {
        child = new Map();
        node.set(part, child);
      }
      node = child;
      model = target;
    }
  }
  return tree;
}
