// The schema as committed in schema.graphql: sorted, with a "generated" header.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index';

export const SCHEMA_HEADER = '# generated, do not edit: produced by `npm run generate:schema` from src/schema\n\n';

export function printedSchema(): string {
  return `${SCHEMA_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}
