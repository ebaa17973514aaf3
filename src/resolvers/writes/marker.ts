// The marker an idempotency key leaves on the object its mutation writes, so that REST itself can
// tell afterwards whether the mutation was carried out: an `externalId` (which REST keeps unique:
// the client's own, or one paygraph makes when the client sends none) or an entry of `metaData`.
// Which mutations can carry one is read from the catalog's facts (src/catalog/reconciliation.ts).
// The marker is a hash of the caller, the key and the input (never the key itself).
import { createHash } from 'node:crypto';
import {
  bodyReferences,
  markerFieldOf,
  reconciliationOf,
  resourceByModel,
  type MarkerField,
  type MutationSpec,
} from '../../catalog';
import type { OperationId } from '../../rest/types';
import { internalsOf, type GraphContext } from '../context';
import { expandParam } from '../expand-planner';
import { term } from '../search-syntax';
import type { Input, WriteRequest } from './request';
import { METADATA_LIMITS } from './validate-rules';

/** The metaData entry paygraph writes (at most 40 characters, as REST allows). */
export const METADATA_MARKER_KEY = 'paygraphIdempotencyKey';

/** Where a keyed write's object carries its marker, and the value REST is searched for. */
export interface Marking {
  field: MarkerField;
  value: string;
}

/** The marker of a key: a hash of the caller, the key and the input's fingerprint (lower-case hex, as searches compare case-insensitively). */
export function markerValue(scope: string, key: string, fingerprint: string): string {
  return `pg-${createHash('sha256')
    .update(JSON.stringify([scope, key, fingerprint]))
    .digest('hex')
    .slice(0, 48)}`;
}

export type Stamped =
  | { body: Input; marking: Marking }
  | { unmarked: true }
  | { problem: { path: string; message: string } };

/**
 * The body with the marker in it. The client's own metaData is kept (the marker is one more entry;
 * with the 25 entries REST allows already used, the write carries none), and the client's own
 * externalId is the marker itself.
 */
export function stamp(field: MarkerField, body: Input, value: string): Stamped {
  if (field === 'externalId') {
    const given = body.externalId;
    if (typeof given === 'string' && given !== '') return { body, marking: { field, value: given } };
    return { body: { ...body, externalId: value }, marking: { field, value } };
  }
  const meta = (typeof body.metaData === 'object' && body.metaData !== null ? body.metaData : {}) as Record<
    string,
    unknown
  >;
  if (METADATA_MARKER_KEY in meta) {
    return {
      problem: {
        path: `metaData.${METADATA_MARKER_KEY}`,
        message:
          'is the entry where paygraph marks an object with its idempotency key; leave it out of a keyed mutation',
      },
    };
  }
  if (Object.keys(meta).length >= METADATA_LIMITS.keys) return { unmarked: true };
  return {
    body: { ...body, metaData: { ...meta, [METADATA_MARKER_KEY]: value } },
    marking: { field, value },
  };
}

/** A link or id value as the REST id it holds: `{ id: 5 }`, `5`, `"5"` -> "5". */
function idIn(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null) return idIn((value as { id?: unknown }).id);
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string'
    ? String(value)
    : undefined;
}

/**
 * Whether a found object answers this request: its marker exactly (searches compare case-
 * insensitively), and for an externalId (unique per parent in REST, not across the space) the same
 * referenced objects as the body names, and the acted-on object where it links to it.
 */
function answersRequest(
  spec: MutationSpec,
  r: WriteRequest,
  marking: Marking,
  row: Record<string, unknown>,
): boolean {
  const result = resourceByModel.get(spec.resultModel!)!;
  if (marking.field === 'metaData')
    return (row.metaData as Record<string, unknown> | undefined)?.[METADATA_MARKER_KEY] === marking.value;
  if (row.externalId !== marking.value) return false;
  const body = (r.body ?? {}) as Input;
  for (const field of bodyReferences.get(spec.body?.model ?? '')?.keys() ?? []) {
    if (body[field] !== undefined && field in row && idIn(row[field]) !== idIn(body[field])) return false;
  }
  const acted = r.object;
  if (!acted) return true;
  const own = acted.key.split('/').pop();
  return [...result.links, ...result.references]
    .filter((l) => l.model === acted.model)
    .every((l) => !(l.field in row) || idIn(row[l.field]) === own);
}

/** The object a marked write left in REST (expanded as asked), or null when REST has none. A REST failure is thrown. */
export async function findMarked(
  ctx: GraphContext,
  spec: MutationSpec,
  r: WriteRequest,
  marking: Marking,
  expand: readonly string[],
): Promise<Record<string, unknown> | null> {
  const result = resourceByModel.get(spec.resultModel!)!;
  const name = marking.field === 'metaData' ? `metaData.${METADATA_MARKER_KEY}` : 'externalId';
  const query: Record<string, unknown> = {
    query: term(name, ':', marking.value),
    limit: 100,
    order: `${result.key.field}:DESC`,
  };
  if (expand.length > 0) query.expand = expandParam([...expand]);
  const options: Record<string, unknown> = { query, signal: ctx.signal };
  if (result.spaceScoped && r.space !== null) options.space = r.space;
  const body = (await internalsOf(ctx).caller.rest.call(
    result.ops.S!.operationId as OperationId,
    options,
  )) as {
    data?: Record<string, unknown>[];
  };
  return (body.data ?? []).find((row) => answersRequest(spec, r, marking, row)) ?? null;
}

export { markerFieldOf, reconciliationOf, type MarkerField };
