// Small request helpers shared by the area handlers: typed path parameters, bodies, responses.
import type { OperationId, RequestBody } from '../../../api-types';
import type { HandlerRequest, HandlerResult, SandboxState } from '../../context';
import { badRequest } from '../../errors';
import type { StoredObject } from '../../store';

/** A numeric path parameter (ids are Long); 400 naming the parameter otherwise. */
export function idParam(req: HandlerRequest, name = 'id'): number {
  const raw = req.params[name];
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw badRequest(`Path parameter ${name} must be a positive integer id (got ${JSON.stringify(raw)}).`, {
      [name]: 'must be a positive integer id',
    });
  }
  return value;
}

/** The space of a space-scoped operation (the pipeline has already checked the header). */
export function spaceOf(req: HandlerRequest): number {
  if (req.space === null)
    throw badRequest('The space header is required for this operation.', { space: 'required' });
  return req.space;
}

/** The JSON body as an object (the pipeline validated it against the request schema). */
export function bodyObject(req: HandlerRequest): Record<string, unknown> {
  const body = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * The JSON body of operation `op`, typed by the generated OpenAPI types: the one place a body becomes
 * typed, because the pipeline validated it against that operation's request schema before the
 * handler ran (so the assertion states what the validation established).
 */
export function requestBody<Op extends OperationId>(req: HandlerRequest, op: Op): RequestBody<Op> {
  if (req.op.operationId !== op) throw new Error(`${req.op.operationId} read the body of ${op}`);
  const body: unknown = bodyObject(req);
  return body as RequestBody<Op>;
}

/** A required boolean query parameter (`true` / `false`). */
export function booleanQuery(req: HandlerRequest, name: string): boolean {
  const raw = req.query.get(name);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest(`Query parameter ${name} must be true or false (got ${JSON.stringify(raw)}).`, {
    [name]: 'must be true or false',
  });
}

/** An optional date-time query parameter; 400 naming it when it does not parse. */
export function dateQuery(req: HandlerRequest, name: string, required: boolean): Date | undefined {
  const raw = req.query.get(name);
  if (raw === null || raw === '') {
    if (required) throw badRequest(`Query parameter ${name} is required.`, { [name]: 'required' });
    return undefined;
  }
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) {
    throw badRequest(`Query parameter ${name} must be an ISO 8601 date-time (got ${JSON.stringify(raw)}).`, {
      [name]: 'must be an ISO 8601 date-time',
    });
  }
  return date;
}

/** The application user's id as the numeric id the `...By` fields hold, when it is numeric. */
export function actingUserId(req: HandlerRequest): number | undefined {
  const n = Number(req.user.id);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A 200 response with the stored object rendered the way every response renders it. */
export function rendered(
  sandbox: SandboxState,
  req: HandlerRequest,
  model: string,
  object: StoredObject,
): HandlerResult {
  return { status: 200, body: sandbox.render(model, object, req.expand) };
}

/** A success response without body (the 200 "no body" operations of the specification). */
export const emptyOk = (): HandlerResult => ({ status: 200 });
