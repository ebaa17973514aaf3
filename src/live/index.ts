// Live updates: GraphQL subscriptions over REST, one search per (space, model) per tick.
export { subscribeCollection, subscribeEntity, eventEntity, readSpace, targetOf } from './subscribe';
export { liveHubOf, LiveHub, DEFAULT_TICK } from './hub';
export type { LiveEvent, TickOptions } from './watcher';
