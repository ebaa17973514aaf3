// Filters on fields of single embedded objects (`billingAddress`, `CustomerAddress.address`,
// `Transaction.group`): one `<Embedded>Filter` per embedded schema, nested under the REST field name and
// translated to dotted names (`billingAddress.country:CH`) like link filters. Arrays are left out on purpose.
import type { ImplementableInputObjectRef, InputObjectRef } from '@pothos/core';
import { graphTypeName } from '../catalog';
import { builder } from './builder';
import { dynamicInputField, type InputFieldBuilder, type Types } from './dynamic';
import { refCache } from './ref-cache';
import { isEntityModel } from './registry';
import { propertiesOf, type PropertyShape } from './shapes';

export type FilterValue = Record<string, unknown>;
export type FilterRef = InputObjectRef<Types, FilterValue>;
/** A filter made before its fields (they may refer to it): implemented with fields of any value. */
export type FilterDefinition = ImplementableInputObjectRef<Types, FilterValue>;

export function filterDefinition(name: string): FilterDefinition {
  return builder.inputRef<FilterValue>(name);
}
type InputField = ReturnType<typeof dynamicInputField>;
type LeafFilter = (p: PropertyShape) => FilterRef | undefined;

/**
 * The embedded model of a property that gets a nested filter: a single, non-entity object. Arrays of
 * embedded objects (lineItems) are left out on purpose: the REST search matches each dotted term against
 * any element on its own, so `{ name, quantity }` under one array field would not mean "one element has
 * both" — a different contract from every other nested filter.
 */
export function embeddedModelOf(p: PropertyShape): string | undefined {
  if (p.list || p.shape.kind !== 'object' || isEntityModel(p.shape.model)) return undefined;
  return p.shape.model;
}

/**
 * Whether an embedded schema has anything to filter on, through any chain of single embedded objects.
 * `visiting` is the depth guard: a schema met again on its own path adds nothing new, so a recursive
 * schema ends there instead of recursing forever. Pure over `props` (the REST facts by default).
 */
export function hasConditions(
  model: string,
  leaf: LeafFilter,
  props: (model: string) => PropertyShape[] = propertiesOf,
  visiting: ReadonlySet<string> = new Set(),
): boolean {
  const path = new Set(visiting).add(model);
  return props(model).some((p) => {
    if (leaf(p)) return true;
    const inner = embeddedModelOf(p);
    return inner !== undefined && !path.has(inner) && hasConditions(inner, leaf, props, path);
  });
}

// Created once per schema; null remembers "nothing to filter" so the walk is not repeated. Its fields
// are a thunk, so a schema that contains itself refers to the same type.
const embeddedFilter = refCache(
  (model: string, leaf: LeafFilter) =>
    hasConditions(model, leaf) ? filterDefinition(`${graphTypeName(model)}Filter`) : null,
  (ref, model, leaf) =>
    ref?.implement({
      description: `Conditions on the embedded ${model} (keys are REST field names); all given conditions must hold. A field of a missing ${model} counts as having no value.`,
      fields: (t) => ({ ...embeddedFields(t, model, leaf), ...logicFields(t, ref) }),
    }),
);

/** `<Embedded>Filter` of an embedded model, made once; undefined when nothing in it can be filtered. */
export function embeddedFilterRef(model: string, leaf: LeafFilter): FilterRef | undefined {
  return embeddedFilter(model, leaf) ?? undefined;
}

/** The nested filter field of a single embedded object property, if it has one. */
export function embeddedFilterField(
  t: InputFieldBuilder,
  p: PropertyShape,
  leaf: LeafFilter,
): InputField | undefined {
  const model = embeddedModelOf(p);
  const type = model === undefined ? undefined : embeddedFilterRef(model, leaf);
  if (!type) return undefined;
  const about = p.description ? `${p.description} ` : '';
  return dynamicInputField(t, {
    type,
    description: `${about}Conditions on fields of the embedded ${model}.`,
  });
}

function embeddedFields(t: InputFieldBuilder, model: string, leaf: LeafFilter): Record<string, InputField> {
  const fields: Record<string, InputField> = {};
  for (const p of propertiesOf(model)) {
    const type = leaf(p);
    const field = type
      ? dynamicInputField(t, { type, description: p.description })
      : embeddedFilterField(t, p, leaf);
    // As on the object type: the REST key of an embedded object is `restId`.
    if (field) fields[p.name === 'id' ? 'restId' : p.name] = field;
  }
  return fields;
}

export function logicFields(t: InputFieldBuilder, self: FilterRef): Record<'and' | 'or' | 'not', InputField> {
  return {
    and: dynamicInputField(t, { type: self, list: true, description: 'Every one of these filters holds.' }),
    or: dynamicInputField(t, { type: self, list: true, description: 'At least one of these filters holds.' }),
    not: dynamicInputField(t, { type: self, description: 'This filter does not hold.' }),
  };
}
