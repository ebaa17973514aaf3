// Turning the bodies of extra REST operations into graph values: entities get their model and space
// (for global IDs and links), list responses become lists, embedded objects keep their space.
import { deref, refName, resourceByModel, type Operation } from '../../catalog';
import { asEntity, isEntity } from '../../resolvers/entity';
import { carrySpace } from '../embedded';
import type { Output } from '../dynamic';
import { outputOf } from '../registry';
import { shapeOf, type FieldShape } from '../shapes';

export interface ResultShape {
  shape: FieldShape;
  list: boolean;
  /** The body is a `{ data: [...] }` list response whose items are the result. */
  unwrapData: boolean;
}

/** How the success body of an operation maps onto the graph. */
export function resultShape(op: Operation): ResultShape {
  const response = op.response;
  if (!response || response.contentType.startsWith('text/')) {
    return { shape: { kind: 'scalar', scalar: 'String' }, list: false, unwrapData: false };
  }
  const target = deref(response.schema);
  const data = target.properties?.data;
  if (refName(response.schema) && data?.type === 'array' && data.items) {
    return { ...shapeOf(data.items), list: true, unwrapData: true };
  }
  return { ...shapeOf(response.schema), unwrapData: false };
}

export function resultType(result: ResultShape): Output {
  return outputOf(result.shape);
}

/** An object of `model` from a REST body, as the graph needs it. */
export function toGraphValue(value: unknown, shape: FieldShape, space: number | null): unknown {
  if (value === null || value === undefined || shape.kind !== 'object') return value ?? null;
  if (typeof value !== 'object') return value;
  const resource = resourceByModel.get(shape.model);
  if (!resource) return carrySpace(value, space);
  if (isEntity(value)) return value;
  const object = value as Record<string, unknown>;
  const linked = typeof object.linkedSpaceId === 'number' ? object.linkedSpaceId : space;
  return asEntity(object, { model: shape.model, space: resource.spaceScoped ? linked : null });
}

/** Converts a whole extra-operation body per its result shape. */
export function toResult(body: unknown, result: ResultShape, space: number | null): unknown {
  const value = result.unwrapData ? ((body as { data?: unknown } | null)?.data ?? []) : body;
  if (result.list) {
    if (!Array.isArray(value)) return null;
    return value.map((item) => toGraphValue(item, result.shape, space));
  }
  return toGraphValue(value, result.shape, space);
}

/** Query parameters from field arguments: REST names, nulls dropped, bigint kept. */
export function queryFrom(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));
}
