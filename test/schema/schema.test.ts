// The schema builds, validates, and is exactly what schema.graphql commits (drift check).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import { SCHEMA_HEADER, schemaFile } from '../../src/schema/print';

// Pothos builds the schema with graphql-js's CommonJS copy (what Node loads); the test runner would
// hand this file the ESM copy, which refuses the other copy's types. Use the schema's copy.
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

describe('schema', () => {
  it('builds and validates', () => {
    expect(graphql.validateSchema(schema)).toEqual([]);
  });

  it('is what schema.graphql commits (run `npm run generate:schema` after changing src/schema)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    const printed = schemaFile(graphql.printSchema(graphql.lexicographicSortSchema(schema)));
    expect(committed.startsWith(SCHEMA_HEADER)).toBe(true);
    expect(printed).toBe(committed);
  });

  it('has the Relay and scalar building blocks', () => {
    for (const name of ['Node', 'PageInfo', 'Long', 'DateTime', 'Decimal', 'JSON', 'JSONObject', 'OrderDirection']) {
      expect(schema.getType(name), name).toBeDefined();
    }
    const query = schema.getQueryType()!.getFields();
    expect(String(query.node.type)).toBe('Node');
    expect(String(query.node.args[0].type)).toBe('ID!');
    expect(String(query.nodes.type)).toBe('[Node]!');
    expect(String(query.space.type)).toBe('Space');
  });
});
