// The REST searches a watcher makes: the version and state of many objects at once (`id:a OR id:b`,
// 100 per call), the objects of a filter new or changed since a moment (on the model's event
// timestamps), and the changed objects again with the expand set the subscribers need.
import { isEventTimestamp, resourceOf, schemas, type Resource } from '../catalog';
import type { OperationId, RestCaller } from '../rest/types';
import { SEARCH_BATCH, expandParam, group, keysQuery, term } from '../resolvers';

export type Row = Record<string, unknown>;

export interface Upstream {
  rest: RestCaller;
  space: number | null;
}

function searchOp(resource: Resource): OperationId {
  const op = resource.ops.S;
  if (!op) throw new Error(`${resource.typeName} has no search: it cannot be watched`);
  return op.operationId as OperationId;
}

async function search(
  u: Upstream,
  resource: Resource,
  query: Record<string, unknown>,
): Promise<{ data: Row[]; hasMore: boolean }> {
  const options: Record<string, unknown> = { query };
  if (u.space !== null) options.space = u.space;
  const body = (await u.rest.call(searchOp(resource), options)) as { data?: Row[]; hasMore?: boolean };
  return { data: body.data ?? [], hasMore: body.hasMore === true };
}

export function keyOf(resource: Resource, row: Row): string {
  return String(row[resource.key.field]);
}

/** The objects of these keys as they are now (expanded as asked), 100 keys per search. */
export async function fetchByKeys(
  u: Upstream,
  model: string,
  keys: readonly string[],
  expand: readonly string[],
): Promise<Map<string, Row>> {
  const resource = resourceOf(model);
  const found = new Map<string, Row>();
  for (let i = 0; i < keys.length; i += SEARCH_BATCH) {
    const chunk = keys.slice(i, i + SEARCH_BATCH);
    const query: Record<string, unknown> = {
      query: keysQuery(resource.key.field, resource.key.type === 'long', chunk),
      limit: chunk.length,
    };
    if (expand.length > 0) query.expand = expandParam(expand);
    for (const row of (await search(u, resource, query)).data) found.set(keyOf(resource, row), row);
  }
  return found;
}

const timestamps = new Map<string, string[]>();

/** The model's event timestamps: `createdOn`, `authorizedOn`... (what a change leaves behind); read once per model. */
export function eventTimestamps(model: string): string[] {
  let fields = timestamps.get(model);
  if (!fields) {
    fields = Object.entries(schemas[model]?.properties ?? {})
      .filter(([name, p]) => p.format === 'date-time' && isEventTimestamp(name))
      .map(([name]) => name);
    timestamps.set(model, fields);
  }
  return fields;
}

/** The latest event timestamp of a row, or undefined. */
export function latestEvent(model: string, row: Row): string | undefined {
  let latest: string | undefined;
  for (const field of eventTimestamps(model)) {
    const v = row[field];
    if (typeof v === 'string' && (latest === undefined || Date.parse(v) > Date.parse(latest))) latest = v;
  }
  return latest;
}

const MAX_PAGES = 10;

/**
 * Objects matching `filter` with an event at or after `since`, or one of the `known` keys (whose
 * changes may leave no timestamp: a void, a metadata update); without `since`, the latest 100.
 */
export async function changedSince(
  u: Upstream,
  model: string,
  filter: string,
  since: string | undefined,
  known: readonly string[] = [],
): Promise<Row[]> {
  const resource = resourceOf(model);
  const events = since ? eventTimestamps(model).map((f) => term(f, ':>=', since)) : [];
  const keys = known.length > 0 ? [keysQuery(resource.key.field, resource.key.type === 'long', known)] : [];
  const times = group([...events, ...keys], 'OR');
  const query = [filter, times]
    .filter(Boolean)
    .map((q) => `(${q})`)
    .join(' AND ');
  const rows: Row[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const params: Record<string, unknown> = {
      limit: SEARCH_BATCH,
      offset: page * SEARCH_BATCH,
      order: `${resource.key.field}:DESC`,
    };
    if (query) params.query = query;
    const result = await search(u, resource, params);
    rows.push(...result.data);
    if (!result.hasMore || !since) break;
  }
  return rows;
}
