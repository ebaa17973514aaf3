// Validation of query parameters against the operation's declared parameters: types, ranges, enums.
// Unknown parameters are refused so that a client's typo never passes silently.
import { deref, type OpenApiParameter, type Operation } from '../catalog';
import { ApiError, badRequest } from './errors';

/** Offset limits whose excess is 416 rather than 400 (the specification's pagination rule). */
const RANGE_LIMITED = new Set(['offset']);

function checkInteger(param: OpenApiParameter, raw: string): void {
  if (!/^-?\d+$/.test(raw))
    throw badRequest(`Query parameter ${param.name} must be an integer (got "${raw}").`, {
      [param.name]: 'must be an integer',
    });
  const value = Number(raw);
  const { minimum, maximum } = param.schema;
  if (maximum !== undefined && value > maximum) {
    const status = RANGE_LIMITED.has(param.name) ? 416 : 400;
    throw new ApiError(status, `Query parameter ${param.name} is ${value}; it may be at most ${maximum}.`, {
      [param.name]: `must be at most ${maximum}`,
    });
  }
  if (minimum !== undefined && value < minimum) {
    throw badRequest(`Query parameter ${param.name} is ${value}; it must be at least ${minimum}.`, {
      [param.name]: `must be at least ${minimum}`,
    });
  }
}

function checkValue(param: OpenApiParameter, raw: string): void {
  const schema = deref(param.schema.type === 'array' ? (param.schema.items ?? {}) : param.schema);
  if (schema.type === 'integer') return checkInteger({ ...param, schema }, raw);
  if (schema.type === 'boolean' && raw !== 'true' && raw !== 'false') {
    throw badRequest(`Query parameter ${param.name} must be true or false (got "${raw}").`, {
      [param.name]: 'must be a boolean',
    });
  }
  if (schema.enum && !schema.enum.includes(raw)) {
    throw badRequest(
      `Query parameter ${param.name} must be one of ${schema.enum.join(', ')} (got "${raw}").`,
      {
        [param.name]: 'is not an allowed value',
      },
    );
  }
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(raw))) {
    throw badRequest(`Query parameter ${param.name} must be an ISO 8601 date-time (got "${raw}").`, {
      [param.name]: 'must be a date-time',
    });
  }
}

export function validateQuery(op: Operation, query: URLSearchParams): void {
  const declared = new Map(op.queryParams.map((p) => [p.name, p]));
  for (const name of new Set(query.keys())) {
    const param = declared.get(name);
    if (!param) {
      const known = [...declared.keys()];
      throw badRequest(
        `Unknown query parameter ${name}${known.length ? `; ${op.operationId} takes ${known.join(', ')}` : ''}.`,
        {
          [name]: 'is not a parameter of this operation',
        },
      );
    }
    const values = query.getAll(name);
    if (values.length > 1 && param.schema.type !== 'array') {
      throw badRequest(`Query parameter ${name} may be given only once.`, { [name]: 'is repeated' });
    }
    if (param.name === 'expand') continue;
    for (const raw of values) checkValue(param, raw);
  }
  for (const param of op.queryParams) {
    if (param.required && !query.has(param.name)) {
      throw badRequest(`Missing required query parameter ${param.name}.`, { [param.name]: 'is required' });
    }
  }
}

/** Validates and converts path parameters (Long ids must be integers >= 1). */
export function validatePathParams(op: Operation, params: Record<string, string>): void {
  for (const param of op.pathParams) {
    const raw = params[param.name];
    if (param.schema.type === 'integer' && !/^\d+$/.test(raw)) {
      throw badRequest(`Path parameter ${param.name} must be a positive integer (got "${raw}").`, {
        [param.name]: 'must be an integer',
      });
    }
  }
}
