// Ordering inputs: `<Type>Order { field: <Type>OrderField!, direction: OrderDirection = ASC }`.
// The OrderField enum lists the sortable scalar fields; its internal values are the REST names.
import type { EnumRef } from '@pothos/core';
import { resourceOf } from '../catalog';
import { builder } from './builder';
import { dynamicInputField, type Input, type Types } from './dynamic';
import { constantCase } from './naming';
import { refCache } from './ref-cache';
import { isComparable, propertiesOf } from './shapes';

export interface OrderValue {
  field: string;
  direction: 'ASC' | 'DESC';
}

export const orderDirection = builder.enumType('OrderDirection', {
  description: 'The direction of a sort key.',
  values: {
    ASC: { value: 'ASC', description: 'Ascending.' },
    DESC: { value: 'DESC', description: 'Descending.' },
  },
});

/** REST names of the fields a model can be sorted by. */
export function sortableFields(model: string): string[] {
  return propertiesOf(model)
    .filter(isComparable)
    .map((p) => p.name);
}

/** `<Type>Order` of an entity model, with its `<Type>OrderField` enum. */
export const orderRef: (model: string) => Input = refCache((model) => {
  const typeName = resourceOf(model).typeName;
  const fieldEnum: EnumRef<Types, string, string> = builder.enumType(`${typeName}OrderField`, {
    description: `The fields ${typeName} results can be sorted by (the REST field names in CONSTANT_CASE).`,
    values: Object.fromEntries(
      propertiesOf(model)
        .filter(isComparable)
        .map((p) => [
          constantCase(p.name),
          { value: p.name, description: `Sort by \`${p.name}\`: ${p.description ?? 'the REST field.'}` },
        ]),
    ),
  });
  return builder.inputType(`${typeName}Order`, {
    description: `One sort key of ${typeName} results.`,
    fields: (t) => ({
      field: dynamicInputField(t, { type: fieldEnum, required: true, description: 'The field to sort by.' }),
      direction: dynamicInputField(t, {
        type: orderDirection,
        defaultValue: 'ASC',
        description: 'The direction to sort in.',
      }),
    }),
  });
});
