// The read path's public surface: everything src/schema may use of src/resolvers.
export { createGraphContext, type GraphContext, type GraphContextOptions } from './context';
export type { Connection, PageInfo } from './connection';
export type { CollectionArgs } from './page-args';
export { resolveCollection, resolvePlainList, type CollectionTarget } from './collections';
export { resolveChildren } from './children';
export { resolveLink, resolveByKey, resolveNode, resolveNodes } from './links';
export { encodeGlobalId, decodeGlobalId, type DecodedGlobalId } from './global-id';
export { entityKey, splitNestedKey } from './entity-key';
export { callExtra, type ExtraCall } from './extras';
export { toGraphQLError, codeForStatus, type GraphErrorCode } from './errors';
export { translateFilter, type Filter, type ScalarFilter } from './filter-translator';
export { KEY_ONLY_EXTENSION } from './selection';
export { ENTITY, asEntity, entityMeta, isEntity, type Entity, type EntityMeta } from './entity';
export { OPEN_CALLER, mayUseSpace, mayWrite, type InboundCaller, type Scope } from './caller';
export * from './writes';
