// The client type of each custom scalar, published for codegen (graphql-codegen's `scalars` config,
// Relay's `customScalarTypes`): what the scalar's one wire type is in TypeScript. The project's own
// codegen.ts and examples/ use it; test/schema/scalars.test.ts checks that every custom scalar of the
// schema has an entry and that its description names the same wire type.
// No imports: codegen configurations load this file on their own.

/** A JSON value, as the JSON and JSONObject scalars carry it. */
const JSON_VALUE = 'string | number | boolean | null | { [key: string]: unknown } | unknown[]';

export const clientScalars = {
  Decimal: { input: 'string | number', output: 'string' },
  Long: { input: 'string | number', output: 'string' },
  DateTime: { input: 'string', output: 'string' },
  DateOrDateTime: { input: 'string', output: 'string' },
  JSON: { input: JSON_VALUE, output: JSON_VALUE },
  JSONObject: { input: 'Record<string, unknown>', output: 'Record<string, unknown>' },
  // Apollo Federation's entity representation: only gateways send it.
  _Any: { input: '{ __typename: string; id: string }', output: '{ __typename: string; id: string }' },
} as const;

/** The output type of each scalar alone (Relay's `customScalarTypes`, Apollo type policies). */
export const clientScalarOutputs: Record<keyof typeof clientScalars, string> = Object.fromEntries(
  Object.entries(clientScalars).map(([name, types]) => [name, types.output]),
) as Record<keyof typeof clientScalars, string>;
