// Live updates: GraphQL subscriptions over REST, one search per (space, model) per tick.
export { subscribeCollection, subscribeEntity, eventEntity, readSpace, targetOf } from './subscribe';
export { liveHubOf, LiveHub, DEFAULT_TICK, type HubOptions } from './hub';
export { inProcessCoordinator, type WatchCoordinator } from './coordinator';
export { createRedisCoordinator } from './redis-coordinator';
export type { LiveCharger } from './charge';
export type { LiveEvent, TickOptions } from './watcher';
