// Request bodies built from a schema alone, for the property-style tests of the body validator:
// `minimal` sends the required properties only (and the first alternative of each REQUIRED_ONE_OF
// group), `full` every writable property. Values are the plainest valid ones: first enum value,
// 1 for numbers, well-formed dates, a real currency and language for fields named so.
import { deref, refName, type JsonSchema } from '../../src/catalog';
import { REQUIRED_ONE_OF } from '../../src/resolvers/writes/validate';

export type SampleMode = 'minimal' | 'full';

/** Past this depth optional properties are left out, so self-referencing schemas end. */
const MAX_FULL_DEPTH = 4;

function sampleString(schema: JsonSchema, property: string | undefined): string {
  if (schema.format === 'date') return '2025-01-31';
  if (schema.format === 'date-time') return '2025-01-31T12:00:00Z';
  if (schema.format === 'byte') return 'AAEC';
  if (property === 'currency' || property?.endsWith('Currency')) return 'CHF';
  if (property === 'language') return 'de-CH';
  return `sample ${property ?? 'value'}`;
}

function writable(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).filter(([, p]) => !p.readOnly && !deref(p).readOnly);
}

function sampleObject(
  schema: JsonSchema,
  name: string | undefined,
  mode: SampleMode,
  depth: number,
): Record<string, unknown> {
  const wanted = new Set(schema.required ?? []);
  for (const group of REQUIRED_ONE_OF[name ?? ''] ?? []) wanted.add(group.fields[0]);
  const full = mode === 'full' && depth < MAX_FULL_DEPTH;
  const body: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (wanted.has(key) || (full && writable(schema).some(([k]) => k === key)))
      body[key] = sampleValue(property, mode, depth + 1, key);
  }
  if (full && !schema.properties && typeof schema.additionalProperties === 'object') {
    body.sampleKey = sampleValue(schema.additionalProperties, mode, depth + 1);
  }
  return body;
}

/** The plainest valid value of `schema`. */
export function sampleValue(schema: JsonSchema, mode: SampleMode, depth = 0, property?: string): unknown {
  const resolved = deref(schema) as JsonSchema & { title?: string };
  if (resolved.enum) return resolved.enum[0];
  switch (resolved.type) {
    case 'string':
      return sampleString(resolved, property);
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return resolved.items ? [sampleValue(resolved.items, mode, depth + 1, property)] : [];
    default:
      return sampleObject(resolved, refName(schema) ?? resolved.title, mode, depth);
  }
}
