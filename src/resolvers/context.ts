// The per-request state of the read path: one loader set, one entity cache, plan and extra-call
// caches. Kept out of the public GraphContext shape (under a symbol of its own, an ObjectSlot), so the schema
// sees only what index.ts exports.
import type DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import type { Connection } from './connection';
import type { RestCaller } from '../rest/types';
import { DEFAULT_REST_LIMITS, type RestLimits } from '../rest/rest-limits';
import { EntityCache } from './entity-cache';
import { planConnection, planEntity, type ExpandPlan } from './expand-planner';
import { Loaders, type BatchObserver } from './loaders';
import { plansOfField, type PlansByField } from './plan-cache';
import { MAX_PAGE_SIZE } from './page-args';
import type { Caller } from './rest-calls';
import type { InboundCaller } from './caller';
import type { Entity } from './entity';
import { createMemoryIdempotencyStore, SEND_GRACE_MS, type IdempotencyStore } from './writes/idempotency';
import type { WriteListener } from './writes/written';
import { ObjectSlot } from '../shared/object-slot';

/** The REST search offset limit (SPEC "Limits"). */
export const MAX_SEARCH_OFFSET = 10_000;

export interface GraphContext {
  rest: RestCaller;
  naive: boolean;
  signal?: AbortSignal;
  /** When the request's deadline passes (ms since the epoch), if it has one: waits end before it. */
  deadlineAt?: number;
  /** The authenticated inbound caller; undefined = unrestricted (tests, `open` mode). */
  caller?: InboundCaller;
  /** The request's `Idempotency-Key` header, for mutations. */
  idempotencyKey?: string;
  /** The caller's languages, most wanted first (the request's Accept-Language), for localized text. */
  languages: string[];
  /** The app's own REST caller (not limited to the caller's spaces), for work shared between callers such as live watches. */
  upstream?: RestCaller;
}

export interface GraphContextOptions {
  rest: RestCaller;
  naive?: boolean;
  signal?: AbortSignal;
  deadlineAt?: number;
  caller?: InboundCaller;
  idempotencyKey?: string;
  upstream?: RestCaller;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | null;
  /** Search offset limit of the upstream (default 10,000); tests lower it to reach keyset paging. */
  maxOffset?: number;
  /** Rows one batched children search may ask for (default and maximum 100, the REST page limit). */
  childBatchLimit?: number;
  /** What one REST call may carry (default DEFAULT_REST_LIMITS): items per bulk call. */
  restLimits?: RestLimits;
  /**
   * How long after its request's deadline (or a timeout) a REST write may still be carried out
   * (default SEND_GRACE_MS, 10 s): a key whose write is in doubt is not sent again before.
   */
  sendGraceMs?: number;
  /** Where mutations' idempotency keys live (default: one in-process store shared by all contexts). */
  idempotency?: IdempotencyStore;
  /** Told of every DataLoader batch (for metrics). */
  onBatch?: BatchObserver;
  /** Told how many objects asked for by id turned out not to exist (or to be out of the caller's reach). */
  onMisses?: (count: number) => void;
  /** Told of each mutation that reached REST: the models it may have changed (live watches look at once). */
  onWrite?: WriteListener;
}

export interface Internals {
  caller: Caller;
  cache: EntityCache;
  loaders: Loaders;
  maxOffset: number;
  childBatchLimit: number;
  /** Expand plans of this request's fields where they depend on its variables (plan-cache.ts). */
  plans: PlansByField;
  extras: Map<string, Promise<unknown>>;
  children: Map<string, DataLoader<string, Connection>>;
  /** Keys of the children a `through` relation goes through, per parent. */
  intermediates: Map<string, DataLoader<string, string[]>>;
  restLimits: RestLimits;
  sendGraceMs: number;
  idempotency: IdempotencyStore;
  observeBatch: BatchObserver;
  onMisses?: (count: number) => void;
  onWrite?: WriteListener;
}

/** On the context itself, not in a WeakMap: see ObjectSlot (a WeakMap kept every request's graph past it). */
const internals = new ObjectSlot<GraphContext, Internals>('paygraph.internals');

export function createGraphContext(o: GraphContextOptions): GraphContext {
  const ctx: GraphContext = {
    rest: o.rest,
    naive: o.naive ?? false,
    signal: o.signal,
    deadlineAt: o.deadlineAt,
    caller: o.caller,
    idempotencyKey: o.idempotencyKey,
    languages: parseAcceptLanguage(o.acceptLanguage),
    upstream: o.upstream,
  };
  const caller = { rest: o.rest, signal: o.signal };
  const cache = new EntityCache();
  const observeBatch: BatchObserver = o.onBatch ?? (() => undefined);
  internals.set(ctx, {
    caller,
    cache,
    loaders: new Loaders(caller, cache, ctx.naive, observeBatch),
    maxOffset: o.maxOffset ?? MAX_SEARCH_OFFSET,
    childBatchLimit: Math.min(MAX_PAGE_SIZE, o.childBatchLimit ?? MAX_PAGE_SIZE),
    plans: new WeakMap(),
    extras: new Map(),
    children: new Map(),
    intermediates: new Map(),
    restLimits: o.restLimits ?? DEFAULT_REST_LIMITS,
    sendGraceMs: o.sendGraceMs ?? SEND_GRACE_MS,
    idempotency: o.idempotency ?? sharedIdempotencyStore(),
    observeBatch,
    onMisses: o.onMisses,
    onWrite: o.onWrite,
  });
  return ctx;
}

/** `de-CH, de;q=0.8, en;q=0.5` -> ['de-CH', 'de', 'en'] (by quality, `*` and q=0 left out). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((l) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag) && l.q > 0);
  return ranked.sort((a, b) => b.q - a.q || a.index - b.index).map((l) => l.tag);
}

let shared: IdempotencyStore | undefined;
function sharedIdempotencyStore(): IdempotencyStore {
  shared ??= createMemoryIdempotencyStore();
  return shared;
}

/**
 * An object a live watch delivers, as this request's entity: what the request read before is
 * forgotten (each event is a new moment), then the object is remembered with its expand set.
 */
export function adoptEntity(
  ctx: GraphContext,
  object: Record<string, unknown>,
  model: string,
  space: number | null,
  expand: readonly string[],
): Entity {
  forgetAfterWrite(ctx);
  return internalsOf(ctx).cache.wrap(object, model, space, expand);
}

/**
 * After a mutation: every object, page and extra read before it may be stale, so all are forgotten
 * (mutations run one after another, so nothing in flight is lost); later fields read fresh data.
 */
export function forgetAfterWrite(ctx: GraphContext): void {
  const i = internalsOf(ctx);
  i.cache.clear();
  i.loaders.clear();
  i.children.clear();
  i.intermediates.clear();
  i.extras.clear();
}

export function internalsOf(ctx: GraphContext): Internals {
  const found = internals.get(ctx);
  if (!found) throw new Error('GraphContext was not made by createGraphContext');
  return found;
}

/**
 * Ids asked for that named nothing the caller may see. Probing for ids costs what looking them up
 * one by one would (the server charges them to the caller's rate limit), though one batch answers them.
 */
export function noteMisses(ctx: GraphContext, count: number): void {
  if (count > 0) internalsOf(ctx).onMisses?.(count);
}

const NO_EXPAND: ExpandPlan = { paths: [], needs: 'object' };

/** The id a plan is kept under, made once per shape and model: every row asks, by a key the map hashed before. */
const planIds = { entity: new Map<string, string>(), connection: new Map<string, string>() };

function planId(shape: 'entity' | 'connection', model: string): string {
  let id = planIds[shape].get(model);
  if (id === undefined) planIds[shape].set(model, (id = `${shape}:${model}`));
  return id;
}

/**
 * The expand plan of a field for one model, computed once per field of the document (every list
 * item resolving the same field shares it, and so does the next request sending it: plan-cache.ts).
 * Naive mode expands nothing and never answers from ids.
 */
export function planOf(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  model: string,
  shape: 'entity' | 'connection',
): ExpandPlan {
  if (ctx.naive) return NO_EXPAND;
  return keptPlan(ctx, info, planId(shape, model), shape === 'entity' ? planEntity : planConnection, model);
}

/**
 * The plan `id` of `info`'s field: `plan(info, arg)` once per field of the document (plan-cache.ts). The
 * planner and its argument are passed apart, not as a closure: every row of a page asks.
 */
export function keptPlan<A>(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  id: string,
  plan: (info: GraphQLResolveInfo, arg: A) => ExpandPlan,
  arg: A,
): ExpandPlan {
  const perField = plansOfField(info, internalsOf(ctx).plans);
  const kept = perField.get(id);
  if (kept) return kept;
  const made = plan(info, arg);
  // Shared by every request that sends the document: frozen, so no reader can change it for the others.
  Object.freeze(made.paths);
  perField.set(id, made);
  return made;
}
