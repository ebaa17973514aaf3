// Typed columns and rows of the transaction CSV export: one enum value per exportable Transaction
// field (a scalar or enum of its own, not a link), and one row type with those fields typed as on
// Transaction, converted from the CSV text (an empty cell is null; `id` is `restId` as everywhere).
import type { EnumRef } from '@pothos/core';
import { resourceOf } from '../../catalog';
import { builder } from '../builder';
import { dynamicField, type Types } from '../dynamic';
import { constantCase } from '../naming';
import { outputOf } from '../registry';
import { isComparable, propertiesOf, type PropertyShape } from '../shapes';
import { parseDecimal } from '../scalars';

const MODEL = 'Transaction';

/** Transaction fields the export can hold as a column: its own scalars and enums, not links. */
export const exportColumns: PropertyShape[] = propertiesOf(MODEL).filter(
  (p) => isComparable(p) && !resourceOf(MODEL).links.some((l) => l.field === p.name),
);

export const exportColumnRef: EnumRef<Types, string, string> = builder.enumType('TransactionExportColumn', {
  description: 'A column of the transaction export: a Transaction field (REST name in CONSTANT_CASE).',
  values: Object.fromEntries(
    exportColumns.map((p) => [constantCase(p.name), { value: p.name, description: p.description }]),
  ),
});

export type ExportRow = Record<string, string>;

/** A CSV cell as the column's GraphQL type: numbers and booleans parsed, text kept, empty null. */
export function typedCell(p: PropertyShape, text: string | undefined): unknown {
  if (text === undefined || text === '') return null;
  if (p.shape.kind !== 'scalar') return text;
  switch (p.shape.scalar) {
    case 'Int':
      return Number.parseInt(text, 10);
    case 'Long':
      return /^-?\d+$/.test(text) ? BigInt(text) : null;
    case 'Decimal':
      return parseDecimal(text);
    case 'Boolean':
      return text === 'true';
    default:
      return text;
  }
}

export const exportRowRef = builder.objectRef<ExportRow>('TransactionExportRow').implement({
  description: 'One exported transaction: the columns asked for (others null), typed as on Transaction.',
  fields: (t) =>
    Object.fromEntries(
      exportColumns.map((p) => [
        p.name === 'id' ? 'restId' : p.name,
        dynamicField<ExportRow>(t, {
          type: outputOf(p.shape),
          description: p.description,
          resolve: (row) => typedCell(p, row[p.name]),
        }),
      ]),
    ),
});
