// The schema as committed in schema.graphql: sorted, with a "generated" header; and the Federation
// v2 subgraph SDL, exactly as `_service { sdl }` answers it.
import { graphql, lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index';

export const SCHEMA_HEADER =
  '# generated, do not edit: produced by `npm run generate:schema` from src/schema\n\n';

export function printedSchema(): string {
  return `${SCHEMA_HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}

/** The subgraph SDL a gateway composes (`npm run -s print:subgraph`), read from the schema's own `_service`. */
export async function printedSubgraph(): Promise<string> {
  const result = await graphql({ schema, source: '{ _service { sdl } }' });
  const sdl = (result.data?._service as { sdl?: unknown } | undefined)?.sdl;
  if (typeof sdl !== 'string')
    throw new Error(`\`_service { sdl }\` did not answer: ${JSON.stringify(result.errors)}`);
  return sdl;
}
