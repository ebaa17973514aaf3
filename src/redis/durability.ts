// What a Redis server may lose, read from INFO (and CONFIG where the server allows it): `serve` warns
// at start when idempotency keys could be lost there, so an operator learns it before a payment
// depends on it. paygraph survives such a loss (it detects it and reconciles with REST), but pays
// for it: see the README, "Deploying with Redis".
import type { SharedRedis } from './shared-redis';

/** INFO's `key:value` lines as a map. */
export function parseInfo(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

/** The eviction policies that never drop a key: noeviction (writes fail instead). */
const KEEPS_KEYS = new Set(['noeviction']);

/** Warnings about how this Redis may lose keys; none when it keeps every write (AOF, fsync always, noeviction). */
export async function durabilityWarnings(redis: SharedRedis): Promise<string[]> {
  const info = parseInfo(
    await redis.run((r) => r.info('persistence').then(async (p) => p + '\n' + (await r.info('memory')))),
  );
  const warnings: string[] = [];
  if (info.get('aof_enabled') !== '1') {
    warnings.push(
      'Redis runs without appendonly: a restart or crash loses the idempotency keys written since the last snapshot (set appendonly yes, appendfsync always)',
    );
  } else {
    // CONFIG is often disabled on managed Redis: then fsync cannot be told and nothing is said.
    const fsync = await redis.run((r) => r.config('GET', 'appendfsync')).catch(() => undefined);
    const value = Array.isArray(fsync) ? String(fsync[1]) : undefined;
    if (value !== undefined && value !== 'always')
      warnings.push(
        `Redis fsyncs its append-only file "${value}": a crash of its host can lose the last writes (appendfsync always keeps them)`,
      );
  }
  const policy = info.get('maxmemory_policy');
  if (policy !== undefined && !KEEPS_KEYS.has(policy))
    warnings.push(
      `Redis evicts keys under memory pressure (maxmemory-policy ${policy}): idempotency keys may be dropped (use noeviction)`,
    );
  return warnings;
}
