// The request pipeline of one REST call, from the raw request to the handler's result. Each step
// either passes or throws an ApiError with the status and message the specification calls for.
import type { IncomingHttpHeaders } from 'node:http';
import { API_PREFIX, type Operation } from '../catalog';
import type { AppUser, HandlerRequest, HandlerResult, SandboxState } from './context';
import { authenticate } from './auth';
import { ApiError, badRequest } from './errors';
import { parseExpand } from './expand';
import { handlerFor } from './handlers';
import { verifyCredentials } from './handlers/registry';
import { validatePathParams, validateQuery } from './params';
import { chooseContentType, inChosenType } from './negotiation';
import { checkAccountLevelAccess } from './permissions';
import type { RateLimiter } from './rate-limit';
import type { RouteMatch } from './router';
import { validateBody } from './validation';
import type { Timeline } from './timeline';

export interface RawRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PipelineDeps {
  state: SandboxState;
  users: ReadonlyMap<string, AppUser>;
  rateLimiter: RateLimiter;
  timeline: Timeline;
}

/** `now` is the sandbox clock (credentials expire on it); `wall` the wall clock clients sign with. */
function authorize(
  raw: RawRequest,
  route: RouteMatch,
  deps: PipelineDeps,
  now: Date,
  wall: Date,
): { user: AppUser; credentialSpace?: number } {
  if (route.op.byCredentials) {
    const bound = verifyCredentials(route.params.credentials, now);
    if (!bound) throw new ApiError(401, 'These credentials are not valid.');
    return {
      user: { id: `credentials:${bound.transactionId}`, key: Buffer.alloc(0), spaces: [bound.space] },
      credentialSpace: bound.space,
    };
  }
  const user = authenticate(raw.headers.authorization, deps.users, {
    method: raw.method,
    pathWithQuery: raw.url,
    nowSeconds: Math.floor(wall.getTime() / 1000),
    iatWindowSeconds: deps.state.settings.iatWindowSeconds,
  });
  return { user };
}

function spaceOf(
  op: Operation,
  headers: IncomingHttpHeaders,
  user: AppUser,
  state: SandboxState,
): number | null {
  if (!op.spaceScoped) return null;
  const raw = headers.space;
  if (raw === undefined || raw === '')
    throw badRequest(`Header space is required by ${op.operationId}: send the id of the space to act in.`, {
      space: 'is required',
    });
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()))
    throw badRequest(`Header space must be a space id (a positive integer), got "${String(raw)}".`, {
      space: 'must be a number',
    });
  const space = Number(raw);
  if (user.spaces && !user.spaces.includes(space)) {
    throw new ApiError(403, `Application user ${user.id} has no permission in space ${space}.`);
  }
  if (!state.store.get('Space', space)) throw new ApiError(404, `Space ${space} does not exist.`);
  return space;
}

function parseBody(op: Operation, raw: RawRequest): unknown {
  if (!op.requestBody) return undefined;
  if (raw.body.length === 0) {
    if (op.requestBodyRequired)
      throw badRequest(`${op.operationId} requires a JSON request body.`, { body: 'is required' });
    return undefined;
  }
  const type = String(raw.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ApiError(
      415,
      `The request body must be JSON (Content-Type: application/json), got ${type || 'no Content-Type'}.`,
    );
  }
  try {
    return JSON.parse(raw.body.toString('utf8'));
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${(error as Error).message}.`, {
      body: 'is not valid JSON',
    });
  }
}

export async function runOperation(
  raw: RawRequest,
  route: RouteMatch,
  deps: PipelineDeps,
): Promise<HandlerResult> {
  const { op, params } = route;
  const now = deps.state.now();
  const wall = new Date();
  const chosen = chooseContentType(raw.headers.accept, op);
  if (!chosen) {
    throw new ApiError(
      406,
      `The Accept header excludes every format ${op.operationId} answers in (${op.responseContentTypes.join(', ') || 'application/json'}).`,
    );
  }
  const { user, credentialSpace } = authorize(raw, route, deps, now, wall);
  const wait = deps.rateLimiter.check(user.id, wall.getTime());
  if (wait > 0)
    throw new ApiError(
      429,
      `Too many requests from application user ${user.id}; retry after ${wait} s.`,
      {},
      { 'retry-after': String(wait) },
    );
  const space = credentialSpace ?? spaceOf(op, raw.headers, user, deps.state);
  validatePathParams(op, params);
  checkAccountLevelAccess(op, params, user);
  const query = new URLSearchParams(raw.url.slice(raw.url.indexOf('?') + 1 || raw.url.length));
  validateQuery(op, query);
  const expand = parseExpand(query, op);
  const body = parseBody(op, raw);
  validateBody(op, body);
  const request: HandlerRequest = { op, params, query, space, user, body, expand, now };
  return inChosenType(await handlerFor(op.operationId)(request, deps.state), chosen);
}

export function apiPath(url: string): string | undefined {
  const path = url.split('?')[0];
  return path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : undefined;
}
