// Turns an operation's path template and the caller's path/query values into the exact
// path-and-query string that is sent (and signed). All rules come from the catalog's parameter
// list; nothing here knows a particular operation.
import type { JsonSchema, OpenApiParameter, Operation } from '../catalog';

/** A problem with one parameter: parameter name -> what is wrong. */
export class ParameterError extends Error {
  override name = 'ParameterError';
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Parameters joined into one comma-separated value instead of repeated keys (SPEC, "Expanding
 * responses").
 */
const COMMA_JOINED = new Set(['expand']);

type Scalar = string | number | bigint | boolean | Date;

function isIntegerSchema(schema: JsonSchema): boolean {
  return schema.type === 'integer';
}

/** Formats one scalar value for the URL (not yet encoded); throws a message on bad input. */
function formatScalar(value: unknown, schema: JsonSchema): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('is an invalid Date');
    return value.toISOString();
  }
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`must be a finite number (got ${value})`);
      if (isIntegerSchema(schema) && !Number.isInteger(value))
        throw new Error(`must be an integer (got ${value})`);
      // A JS number past 2^53 has already lost digits: sending it would name another object.
      if (isIntegerSchema(schema) && !Number.isSafeInteger(value))
        throw new Error(
          `is past 2^53 and not exact as a number; pass it as a bigint or a string (got ${value})`,
        );
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      if (isIntegerSchema(schema) && !/^-?\d+$/.test(value))
        throw new Error(`must be an integer (got "${value.slice(0, 40)}")`);
      return value;
    default:
      throw new Error(
        `must be a string, number, bigint, boolean or Date (got ${value === null ? 'null' : typeof value})`,
      );
  }
}

/**
 * An array is the key repeated once per value (but COMMA_JOINED). Strings, the search `query` and
 * `order` included, are passed through, only URL-encoded.
 */
function formatQueryParam(param: OpenApiParameter, value: unknown): string[] {
  const isArray = param.schema.type === 'array';
  const itemSchema = (isArray ? param.schema.items : param.schema) ?? {};
  const values = Array.isArray(value) ? value : [value];
  if (!isArray && values.length !== 1) throw new Error('takes a single value, not a list');
  const formatted = values.map((v) => formatScalar(v as Scalar, itemSchema));
  const key = encodeURIComponent(param.name);
  if (COMMA_JOINED.has(param.name)) {
    if (formatted.length === 0) return [];
    return [`${key}=${formatted.map(encodeURIComponent).join(',')}`];
  }
  return formatted.map((v) => `${key}=${encodeURIComponent(v)}`);
}

function unknownKeys(given: object, known: OpenApiParameter[]): string[] {
  const names = new Set(known.map((p) => p.name));
  return Object.keys(given).filter((k) => !names.has(k));
}

function fail(kind: string, errors: Record<string, string>): never {
  const detail = Object.entries(errors)
    .map(([k, v]) => `${kind} parameter "${k}" ${v}`)
    .join('; ');
  throw new ParameterError(detail, errors);
}

/**
 * `?a=1&b=2` (or '') for the operation's query parameters, written in the catalog's order so that the
 * same call always yields the same (signed) string.
 */
export function buildQueryString(op: Operation, query: Record<string, unknown> = {}): string {
  const errors: Record<string, string> = {};
  for (const key of unknownKeys(query, op.queryParams)) {
    const allowed = op.queryParams.map((p) => p.name).join(', ') || 'none';
    errors[key] = `is not a query parameter of ${op.operationId} (allowed: ${allowed})`;
  }
  const parts: string[] = [];
  for (const param of op.queryParams) {
    const value = query[param.name];
    if (value === undefined || value === null) {
      if (param.required) errors[param.name] = 'is required';
      continue;
    }
    try {
      parts.push(...formatQueryParam(param, value));
    } catch (err) {
      errors[param.name] = (err as Error).message;
    }
  }
  if (Object.keys(errors).length > 0) fail('query', errors);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The operation's path template with every `{param}` filled in and encoded. */
export function buildPath(op: Operation, path: Record<string, unknown> = {}): string {
  const errors: Record<string, string> = {};
  for (const key of unknownKeys(path, op.pathParams)) {
    errors[key] = `is not a path parameter of ${op.operationId} (${op.path})`;
  }
  const filled = op.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = path[name];
    const schema = op.pathParams.find((p) => p.name === name)?.schema ?? {};
    try {
      if (value === undefined || value === null || value === '') throw new Error('is required');
      return encodeURIComponent(formatScalar(value, schema));
    } catch (err) {
      errors[name] = (err as Error).message;
      return '';
    }
  });
  if (Object.keys(errors).length > 0) fail('path', errors);
  return filled;
}
