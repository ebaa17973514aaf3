// Typed filter inputs: one per scalar kind and enum (`StringFilter`, `TransactionStateFilter`...),
// and one per entity model (`TransactionFilter`) whose keys are the REST field names, with nested
// filters for link fields and single embedded objects (filters-embedded.ts) and `and`/`or`/`not`.
// The resolvers translate them to the search syntax.
import { graphTypeName, resourceOf, type Resource } from '../catalog';
import { idFieldTarget } from '../resolvers';
import { builder } from './builder';
import { dynamicInputField, type Input, type InputFieldBuilder } from './dynamic';
import {
  embeddedFilterField,
  filterDefinition,
  logicFields,
  type FilterRef,
  type FilterValue,
} from './filters-embedded';
import { refCache } from './ref-cache';
import { enumRef } from './registry';
import { isComparable, propertiesOf, type PropertyShape, type ScalarName } from './shapes';

export type { FilterValue };

type Op = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'notIn' | 'contains' | 'isNull';
const ORDERED: Op[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'isNull'];
const opsByScalar: Partial<Record<ScalarName, Op[]>> = {
  String: [...ORDERED, 'contains'],
  Int: ORDERED,
  Long: ORDERED,
  Decimal: ORDERED,
  DateTime: ORDERED,
  Boolean: ['eq', 'ne', 'isNull'],
};
const ENUM_OPS: Op[] = ['eq', 'ne', 'in', 'notIn', 'isNull'];

const opDescriptions: Record<Op, string> = {
  eq: 'Equal to.',
  ne: 'Not equal to.',
  lt: 'Less than.',
  lte: 'Less than or equal to.',
  gt: 'Greater than.',
  gte: 'Greater than or equal to.',
  in: 'Equal to one of.',
  notIn: 'Equal to none of.',
  contains: 'Contains the text.',
  isNull: 'true: has no value; false: has a value.',
};

function opField(t: InputFieldBuilder, op: Op, type: Input) {
  if (op === 'isNull') return dynamicInputField(t, { type: 'Boolean', description: opDescriptions[op] });
  if (op === 'contains') return dynamicInputField(t, { type: 'String', description: opDescriptions[op] });
  const list = op === 'in' || op === 'notIn';
  return dynamicInputField(t, { type, list, description: opDescriptions[op] });
}

/** A filter of one field, by name (the name says its operand type and operators). */
const leafFilter = refCache(
  (name: string, type: Input, ops: Op[]): FilterRef =>
    builder.inputType(name, {
      description: `Conditions on one field; all given conditions must hold.`,
      fields: (t) => Object.fromEntries(ops.map((op) => [op, opField(t, op, type)])),
    }),
);

/** The filter input of one comparable property, or undefined when it cannot be filtered. */
export function propertyFilter(p: PropertyShape): FilterRef | undefined {
  if (!isComparable(p)) return undefined;
  if (p.shape.kind === 'enum')
    return leafFilter(`${graphTypeName(p.shape.name)}Filter`, enumRef(p.shape.name), ENUM_OPS);
  if (p.shape.kind !== 'scalar') return undefined;
  const ops = opsByScalar[p.shape.scalar];
  // Date-time fields compare with a date-time or a plain date (a whole day).
  const operand: Input = p.shape.scalar === 'DateTime' ? 'DateOrDateTime' : p.shape.scalar;
  return ops ? leafFilter(`${p.shape.scalar}Filter`, operand, ops) : undefined;
}

/** Conditions on an id field: each value a global ID or a REST key. */
function idFilter(): FilterRef {
  return leafFilter('IdFilter', 'ID', ORDERED);
}

function idDescription(p: PropertyShape, target: string): string {
  const about =
    p.name === 'id' ? `The ${target} itself.` : (p.description ?? `The ${target} named by \`${p.name}\`.`);
  return `${about} Values are ${target} global IDs or REST ids.`;
}

/** `<Type>Filter` of an entity model (its fields may refer to it: and/or/not, links to the same model). */
export const filterRef: (model: string) => FilterRef = refCache(
  (model: string) => filterDefinition(`${resourceOf(model).typeName}Filter`),
  (ref, model) => {
    const resource = resourceOf(model);
    ref.implement({
      description: `Conditions on ${resource.typeName} (keys are REST field names); all given conditions must hold.`,
      fields: (t) => ({ ...filterFields(t, resource), ...logicFields(t, ref) }),
    });
  },
);

function filterFields(t: InputFieldBuilder, resource: Resource) {
  const links = new Map(resource.links.filter((l) => !l.many).map((l) => [l.field, l.model]));
  const fields: Record<string, ReturnType<typeof dynamicInputField>> = {};
  for (const p of propertiesOf(resource.model)) {
    const linkTarget = links.get(p.name);
    if (linkTarget) {
      fields[p.name] = dynamicInputField(t, {
        type: filterRef(linkTarget),
        description: `Conditions on the linked ${resourceOf(linkTarget).typeName}.`,
      });
      continue;
    }
    const idTarget = idFieldTarget(resource.model, p.name);
    if (idTarget) {
      fields[p.name] = dynamicInputField(t, {
        type: idFilter(),
        description: idDescription(p, idTarget.typeName),
      });
      continue;
    }
    const leaf = propertyFilter(p);
    const field = leaf
      ? dynamicInputField(t, { type: leaf, description: p.description })
      : embeddedFilterField(t, p, propertyFilter);
    if (field) fields[p.name] = field;
  }
  return fields;
}

/** Drops explicit nulls (a GraphQL client's "not given") so the resolvers see only real conditions. */
export function cleanFilter(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanFilter);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null && inner !== undefined) out[key] = cleanFilter(inner);
  }
  return out;
}
