// JSON Schema validation of request bodies against the operation's request schema (ajv over the
// project's openapi.json), with errors that name the offending field.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openapi, type JsonSchema, type Operation } from '../catalog';
import { badRequest } from './errors';

const INT32 = 2 ** 31;

/** An ajv over an OpenAPI document (registered as `openapi.json`), with the OpenAPI number formats. */
export function createOpenApiAjv(document: object = openapi): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  // Under Node's ESM interop this CommonJS plugin is the module's `.default`, which its types leave `any`.
  (addFormats.default as typeof addFormats)(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('byte', { type: 'string', validate: (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) });
  ajv.addFormat('binary', { type: 'string', validate: () => true });
  ajv.addSchema(document, 'openapi.json');
  return ajv;
}

const ajv = createOpenApiAjv();
const compiled = new Map<string, ValidateFunction>();

/** A schema as found in openapi.json, with its `$ref`s made absolute so ajv can resolve them. */
function absolute(schema: JsonSchema): object {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
  ) as object;
}

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(absolute(schema));
    compiled.set(key, validate);
  }
  return validate;
}

/** `/lineItems/0/quantity` -> `lineItems[0].quantity`. */
function fieldName(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  let name = '';
  for (const s of segments) name += /^\d+$/.test(s) ? `[${s}]` : name ? `.${s}` : s;
  return name || '(body)';
}

/**
 * Validates `body` against the request schema of `op`. A missing `version` is not reported here:
 * optimistic locking answers it with 409, as the specification says.
 */
export function validateBody(op: Operation, body: unknown): void {
  if (!op.requestBody) return;
  const validate = validatorFor(op.operationId, op.requestBody);
  if (validate(body)) return;
  const errors: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    const field = fieldName(error);
    if (error.keyword === 'required' && field.endsWith('version')) continue;
    errors[field] ??= error.message ?? 'is invalid';
  }
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const first = fields[0];
  throw badRequest(
    `Invalid request body: ${first} ${errors[first]}${fields.length > 1 ? ` (and ${fields.length - 1} more)` : ''}.`,
    errors,
  );
}

/** A validator for any component schema, for tests and for handlers that check nested bodies. */
export function schemaValidator(schemaName: string): ValidateFunction {
  return validatorFor(`schema:${schemaName}`, { $ref: `#/components/schemas/${schemaName}` });
}
