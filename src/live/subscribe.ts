// What the schema's live fields call: check the arguments and the caller, plan the expand set the
// subscriber's selection needs, and hand the subscriber to the watcher of its (space, model). Each
// event then becomes the subscriber's entity, resolved like any query answer.
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { resourceOf } from '../catalog';
import {
  adoptEntity,
  decodeGlobalId,
  spaceIdOf,
  mayUseSpace,
  planOf,
  translateFilter,
  type Entity,
  type Filter,
  type GraphContext,
} from '../resolvers';
import { SUBSCRIBE_COST } from './charge';
import { liveHubOf, type LiveHub } from './hub';
import type { LiveEvent } from './watcher';

function refused(message: string, code = 'BAD_USER_INPUT'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function hub(ctx: GraphContext): LiveHub {
  return liveHubOf(ctx.upstream ?? ctx.rest);
}

/** Whose rate limit pays: the inbound caller, as for queries. */
function callerName(ctx: GraphContext): string {
  return ctx.caller?.name ?? 'open';
}

/** Subscribing costs the first answer's fetch; a caller out of tokens is refused like a query. */
async function chargeSubscribing(ctx: GraphContext): Promise<void> {
  const charger = hub(ctx).charger;
  if (!charger) return;
  const { granted, retryAfterSeconds } = await charger.spend(callerName(ctx), SUBSCRIBE_COST);
  if (granted) return;
  throw new GraphQLError(`rate limit reached: retry in ${retryAfterSeconds} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfterSeconds },
  });
}

/** A watchable model: it has a version or a state to tell a change, and a search to ask for many at once. */
function watchable(model: string): void {
  const resource = resourceOf(model);
  if (!resource.versioned && !resource.state)
    throw refused(`${resource.typeName} has neither a version nor a state: it cannot be watched`);
  if (!resource.ops.S || resource.parent)
    throw refused(`${resource.typeName} cannot be searched by id: it cannot be watched`);
}

export async function subscribeEntity(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  id: string,
  untilFinal: boolean,
): Promise<AsyncIterable<LiveEvent>> {
  const decoded = decodeGlobalId(id);
  if (!decoded) throw refused(`id: "${id.slice(0, 60)}" is not a global ID of this API`);
  watchable(decoded.model);
  // A space the caller may not use answers like an object that does not exist.
  if (!mayUseSpace(ctx.caller, decoded.space))
    throw refused(`${resourceOf(decoded.model).typeName} ${decoded.key} does not exist`, 'NOT_FOUND');
  const plan = planOf(ctx, info, decoded.model, 'entity');
  await chargeSubscribing(ctx);
  return hub(ctx)
    .watcher(decoded.space, decoded.model)
    .watchEntity(decoded.key, plan.paths, untilFinal, callerName(ctx));
}

/** A `space` argument: a REST space id or a Space global ID. */
export function readSpace(value: string): number {
  const space = spaceIdOf(value);
  if (space !== null) return space;
  throw refused(`space: "${value.slice(0, 60)}" is neither a space id nor a Space global ID`);
}

export async function subscribeCollection(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  model: string,
  spaceArg: string,
  filter: Filter | undefined,
): Promise<AsyncIterable<LiveEvent>> {
  watchable(model);
  const space = readSpace(spaceArg);
  if (!mayUseSpace(ctx.caller, space)) throw refused(`space ${space} does not exist`, 'NOT_FOUND');
  const plan = planOf(ctx, info, model, 'entity');
  const query = translateFilter(filter, model);
  await chargeSubscribing(ctx);
  return hub(ctx).watcher(space, model).watchCollection(query, plan.paths, callerName(ctx));
}

/** One event as the subscriber's entity (a failed tick, a rate limit, a deleted object: this event's error). */
export function eventEntity(
  ctx: GraphContext,
  event: LiveEvent,
  model: string,
  space: number | null,
): Entity {
  if (event.error || !event.object) {
    const { message, ...extensions } = event.error ?? { message: 'no object', code: 'UPSTREAM_ERROR' };
    throw new GraphQLError(message, { extensions });
  }
  return adoptEntity(ctx, event.object, model, space, event.expand);
}

/** The model and space a global ID names (for resolving entityChanged events). */
export function targetOf(id: string): { model: string; space: number | null } {
  const decoded = decodeGlobalId(id);
  if (!decoded) throw refused(`id: "${id.slice(0, 60)}" is not a global ID of this API`);
  return { model: decoded.model, space: decoded.space };
}
