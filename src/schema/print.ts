// The schema as committed in schema.graphql: sorted, with a "generated" header.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index';

export const SCHEMA_HEADER = '# generated, do not edit: produced by `npm run generate:schema` from src/schema\n\n';

/** The file text for a printed SDL. */
export function schemaFile(sdl: string): string {
  return `${SCHEMA_HEADER}${sdl}\n`;
}

export function printedSchema(): string {
  return schemaFile(printSchema(lexicographicSortSchema(schema)));
}
