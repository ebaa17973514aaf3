// The Redis connection a served process shares between every user of Redis, and its health.
export {
  createSharedRedis,
  SharedRedis,
  RedisUnavailableError,
  type RedisLog,
  type SharedRedisOptions,
} from './shared-redis';
export { durabilityWarnings, parseInfo } from './durability';
