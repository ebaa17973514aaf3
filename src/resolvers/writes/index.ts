// The write path's surface for src/schema: run a mutation (single or bulk), read its outcome.
export { runMutation, type MutationOutcome } from './run';
export { runBulk, type BulkPayloadValue } from './bulk';
export {
  MUTATION_ERROR_KINDS,
  fitOutcome,
  isMutationError,
  type MutationErrorKind,
  type MutationErrorValue,
} from './errors';
export { deletedIdOf, payloadObject, plainResult, type PayloadValue } from './payload';
export { payloadTypeName } from './plan';
export { loadCurrent } from './current';
export { RESERVED_INPUT_FIELDS } from './request';
export { createMemoryIdempotencyStore, type IdempotencyStore } from './idempotency';
export {
  createRedisIdempotencyStore,
  RedisIdempotencyStore,
  type RedisStoreOptions,
} from './idempotency-redis';
export { METADATA_MARKER_KEY, markerFieldOf, reconciliationOf } from './marker';
export type { WriteListener, WrittenModel } from './written';
