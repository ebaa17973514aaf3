// The read path's public surface: everything src/schema may use of src/resolvers.
export { createGraphContext, type GraphContext, type GraphContextOptions } from './context';
export type { Connection, PageInfo } from './connection';
export { connectionOf, noCursor } from './connection';
export type { CollectionArgs } from './page-args';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageRequest } from './page-args';
export { plainListSearched, resolveCollection, resolvePlainList, type CollectionTarget } from './collections';
export { batchesChildPages, resolveChildren } from './children';
export { resolveNaturalLink } from './natural-links';
export { searchParams, type SearchArgs } from './search-params';
export { addWarning, warningsOf, type Warning } from './warnings';
export { resolveLink, resolveByKey, resolveNode, resolveNodes } from './links';
export {
  encodeGlobalId,
  encodeEmbeddedId,
  decodeGlobalId,
  spaceIdOf,
  type DecodedGlobalId,
} from './global-id';
export { entityKey, splitNestedKey } from './entity-key';
export { callExtra, streamExtra, type ExtraCall } from './extras';
export type { SharedBody } from './shared-body';
export { toGraphQLError, codeForStatus, type GraphErrorCode } from './errors';
export { translateFilter, type Filter, type ScalarFilter } from './filter-translator';
export { idFieldTarget } from './filter-ids';
export { KEY_ONLY_EXTENSION } from './selection';
export { ENTITY, asEntity, entityMeta, isEntity, type Entity, type EntityMeta } from './entity';
export { OPEN_CALLER, mayUseSpace, mayWrite, type InboundCaller, type Scope } from './caller';
export * from './writes';
export { group, keysQuery, term } from './search-syntax';
export { SEARCH_BATCH, type BatchKind, type BatchObserver } from './loaders';
export { adoptEntity, planOf } from './context';
export { expandParam, MAX_EXPAND_DEPTH } from './expand-planner';
// Exact decimals, as the REST client keeps them (the Decimal scalar reads and makes them).
export { decimalText, isDecimal, numberText, plainDecimal, toDecimal, type Decimal } from '../rest/decimal';
