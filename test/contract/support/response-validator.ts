// Validates a response against the operation's response schema, with ajv over the whole OpenAPI
// document as written (a link is an object: `{ id }` collapsed, the whole object expanded) so
// `#/components/...` references resolve.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createOpenApiAjv } from '../../../src/sandbox/validation';
import type { JsonSchema, Operation } from '../../../src/catalog';

const DOCUMENT_ID = 'openapi.json';
const ajv = createOpenApiAjv();
const compiled = new Map<string, ValidateFunction>();

/** The operation's schema with its local references pointed into the registered document. */
function anchored(schema: JsonSchema): object {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`),
  ) as object;
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`);
}

/** Problems with a JSON response body, or an empty list when it validates. */
export function responseProblems(op: Operation, body: unknown): string[] {
  if (!op.response) return [];
  let validate = compiled.get(op.operationId);
  if (!validate) {
    validate = ajv.compile(anchored(op.response.schema));
    compiled.set(op.operationId, validate);
  }
  return validate(body) ? [] : describe(validate.errors);
}

/** Validates a body against a named component schema (for tests of single models). */
export function schemaProblems(schemaName: string, body: unknown): string[] {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`no schema ${schemaName}`);
  return validate(body) ? [] : describe(validate.errors);
}
