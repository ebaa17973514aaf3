// Watches shared by several paygraph instances through Redis: per watch one leader searches and
// publishes what changed, the others follow. Redis goes through the process's shared connection and its
// breaker; while it is unreachable every instance watches for its own subscribers, so none loses a change.
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createSharedRedis, type SharedRedis } from '../redis';
import { stringifyJson } from '../rest/json';
import { withBeat, type BeatingRedis } from './redis-beat';
import type { WatchCoordinator, WatchKey, WatchPeer } from './coordinator';
import { RedisLink, type Message } from './redis-link';
import type { TickOptions } from './state';

const PREFIX = 'paygraph:live:';

export interface RedisCoordinatorOptions {
  /** The process's shared connection; or `url`, for a connection of this coordinator's own (closed with it). */
  redis?: SharedRedis;
  url?: string;
}

/**
 * A leader killed is replaced within two fast ticks (its lease runs out, then the next beat of another
 * instance takes it); a leader whose event loop stalls for more than a tick loses the lease, and for a
 * while both may search (subscribers drop what they already have). The new leader starts from the
 * stored state, so a change made while no one watched is found by its version.
 */
export class RedisCoordinator implements WatchCoordinator {
  readonly instance = randomUUID();
  readonly shared: SharedRedis;
  readonly redis: BeatingRedis;
  private readonly sub: Redis;
  private readonly links = new Map<string, RedisLink>();
  private readonly own: boolean;

  constructor(o: RedisCoordinatorOptions) {
    this.own = !o.redis;
    this.shared = o.redis ?? createSharedRedis({ url: o.url! });
    this.redis = withBeat(this.shared.client);
    this.sub = this.shared.subscriber();
    this.sub.on('message', (channel: string, text: string) => {
      try {
        this.links.get(channel)?.receive(text);
      } catch {
        // A message this version cannot read is dropped; a gap in the sequence makes followers catch up.
      }
    });
    // ioredis subscribes again after a reconnect; what was published while it was away is lost.
    let dropped = false;
    this.sub.on('close', () => (dropped = true));
    this.sub.on('ready', () => {
      if (!dropped) return;
      dropped = false;
      for (const link of this.links.values()) link.reconnected();
    });
  }

  /**
   * The watch's channel <w>, also the prefix of its keys; named by a hash of upstream id, space and
   * model, so no secret is in them:
   *   <w>:lease     the leader's token, SET NX PX for one and a half fast ticks, renewed every quarter tick
   *   <w>:interest  hash instance -> that instance's interest (JSON); <w>:peers when each expires
   *   <w>:state     the watch state the leader stores after each tick (only while it holds the lease)
   *   <w>:seq       the number of the last change published
   *   channel <w>   the changes the leader found ("<n> <JSON>"), followers' requests for an early tick
   *                 and the wakes of writes made through paygraph ("0 <JSON>")
   */
  private channelOf(key: WatchKey): string {
    const id = createHash('sha256')
      .update(JSON.stringify([key.upstream, key.space, key.model]))
      .digest('hex')
      .slice(0, 32);
    return `${PREFIX}${id}`;
  }

  join(key: WatchKey, peer: WatchPeer, tick: TickOptions): RedisLink {
    const link = new RedisLink(this, this.channelOf(key), peer, tick);
    this.links.set(link.channel, link);
    void this.sub.subscribe(link.channel).catch(() => undefined);
    return link;
  }

  poke(key: WatchKey): void {
    const message: Message = { from: this.instance, kind: 'wake' };
    void this.shared
      .run((r) => r.publish(this.channelOf(key), `0 ${stringifyJson(message)}`))
      .catch(() => undefined);
  }

  forget(link: RedisLink): void {
    if (this.links.get(link.channel) !== link) return;
    this.links.delete(link.channel);
    void this.sub.unsubscribe(link.channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.leave().catch(() => undefined)));
    if (this.own) await this.shared.close();
  }
}

export function createRedisCoordinator(o: RedisCoordinatorOptions): RedisCoordinator {
  return new RedisCoordinator(o);
}
