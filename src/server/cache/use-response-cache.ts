// The response cache (@envelop/response-cache) as paygraph uses it: answers are keyed by document,
// variables and a session of who asks and in which language, so one caller's answer never reaches another.
import { createHash } from 'node:crypto';
import { createInMemoryCache, useResponseCache, type Cache } from '@envelop/response-cache';
import {
  getOperationAST,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { resourceByModel, resources } from '../../catalog';
import type { InboundCaller, WrittenModel } from '../../resolvers';
import { ANONYMOUS_CALLER } from '../auth/authenticator';
import { stableKey } from '../../resolvers/stable-key';
import { callerOf } from '../auth/request-auth';
import { isIncremental } from '../execution/incremental';
import type { CacheConfig } from './config';
import { indexedCache, type LookupListener } from './entity-records';
import { cacheClassOf, ttlPerTypeName } from './ttl-policy';

export interface ResponseCacheSetup {
  config: CacheConfig;
  /** Where answers live (default: in this process, `config.maxEntries` of them). */
  store?: Cache;
}

function spacesText(caller: InboundCaller): string {
  return caller.spaces === 'all' ? '*' : [...caller.spaces].sort((a, b) => a - b).join(',');
}

/** One opaque session per (caller, spaces, scopes, language); never the caller's credentials. */
function sessionOf(request: Request | undefined): string {
  const caller = callerOf(request);
  const who = caller ? [caller.name, spacesText(caller), [...caller.scopes].sort().join(',')] : ['embedded'];
  const language = request?.headers.get('accept-language')?.trim().toLowerCase() ?? '';
  return createHash('sha256')
    .update(JSON.stringify([...who, language]))
    .digest('base64url');
}

/**
 * The key of an answer, as the plugin's default makes it (a SHA-256 of the document, operation name,
 * canonical variables and session), hashed at once: the default hashes through WebCrypto, a job on
 * libuv's thread pool and a turn of the event loop for every operation, hit or miss.
 */
export function answerKey(params: {
  documentString: string;
  operationName?: string | null;
  variableValues?: unknown;
  sessionId?: string | null;
}): string {
  const { documentString, operationName, variableValues, sessionId } = params;
  return createHash('sha256')
    .update(`${documentString}|${operationName ?? ''}|${stableKey(variableValues ?? {})}|${sessionId ?? ''}`)
    .digest('hex');
}

const requestOf = (context: unknown) => (context as { request?: Request } | undefined)?.request;

export interface AppResponseCache {
  plugins: Plugin[];
  /**
   * Drops the answers holding objects of the models a mutation wrote, whatever its selection named
   * (envelop drops only what the result shows: `updateCustomer { __typename }` shows nothing). The
   * mutation's answer waits for it, like for envelop's own invalidation.
   */
  written(models: readonly WrittenModel[]): void;
}

/** The response cache's plugins: what must not be cached is marked, envelop's plugin, then waiting for invalidations. */
export function useAppResponseCache(
  setup: ResponseCacheSetup,
  schema: GraphQLSchema,
  onLookup: LookupListener,
): AppResponseCache {
  const referenceTypes = new Set(
    resources.filter((r) => cacheClassOf(r) === 'reference').map((r) => r.typeName),
  );
  const store = setup.store ?? createInMemoryCache({ max: setup.config.maxEntries });
  const uncacheable = new WeakSet<object>();
  /**
   * Not cached: callers without credentials (their by-credentials answers are the credentials' own)
   * and @defer / @stream (incremental delivery stays as it is). Subscriptions never are: the plugin
   * sees executions only.
   */
  const marker: Plugin = {
    onExecute({ args }) {
      const context = args.contextValue as object;
      if (callerOf(requestOf(context)) === ANONYMOUS_CALLER || isIncremental(args.document as DocumentNode))
        uncacheable.add(context);
    },
  };
  const indexed = indexedCache(store, { referenceTypes, onLookup });
  const cache = useResponseCache<Record<string, unknown>>({
    cache: indexed,
    ttl: setup.config.ttlMs,
    ttlPerSchemaCoordinate: ttlPerTypeName(setup.config, schema),
    session: (context) => sessionOf(requestOf(context)),
    buildResponseCacheKey: answerKey,
    enabled: (context) => !uncacheable.has(context),
    // Relay global IDs name their type, space and REST key: unique across the graph.
    idFields: ['id', 'deletedId'],
    // Errors are never cached; the default check also writes a console line for each.
    shouldCacheResult: ({ result }) => !result.errors?.length,
    includeExtensionMetadata: false,
  });
  // A mutation is answered once the answers it changed are dropped (on every instance, with Redis):
  // a read that follows it, anywhere, never gets the old answer.
  const isMutation = (a: ExecutionArgs) =>
    getOperationAST(a.document, a.operationName)?.operation === OperationTypeNode.MUTATION;
  // Only mutations wait: a read waiting on every invalidation in flight would wait on other callers' writes.
  const settle: Plugin = {
    onExecute: ({ args }) => (isMutation(args) ? { onExecuteDone: () => indexed.settled() } : undefined),
  };
  const written = (models: readonly WrittenModel[]) => {
    const typenames = new Set(
      models.map((m) => resourceByModel.get(m.model)?.typeName).filter((t): t is string => t !== undefined),
    );
    if (typenames.size > 0) void indexed.invalidate([...typenames].map((typename) => ({ typename })));
  };
  return { plugins: [marker, cache as Plugin, settle], written };
}

/**
 * The response cache's plugins in the app's list; none without a response cache. They come after the
 * graph context: a cached answer is served only once the caller is authenticated, allowed the
 * operation and within its rate limit, and its `extensions.cost` is then remade by the graph context
 * (a hit makes no REST call: actual 0).
 */
export function useCachedAnswers(cache: AppResponseCache | undefined): Plugin[] {
  return cache?.plugins ?? [];
}
