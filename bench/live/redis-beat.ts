// `node --import tsx bench/live/redis-beat.ts [--watches N] [--seconds S] [--tick-ms T] [--rounds R]
// [--compare PATH]`: what the live watches' heartbeats cost Redis. Two Redis coordinators in this
// process each join the same N watches (a fixed interest, no watcher: only the beats run, one leader
// per watch; the watches start spread over one beat) against a redis-server of their own; after one
// tick of warm-up, for S seconds:
// - round trips per beat: commands the coordinators' command connections sent, per beat,
// - Redis commands per beat: every command Redis ran (those inside scripts too; INFO commandstats),
// - Redis CPU: used_cpu_sys + used_cpu_user per second, and this process's CPU per second.
// A beat is one ZADD of the peers key (every beat makes exactly one). --compare PATH names another
// module exporting createRedisCoordinator (e.g. an older redis-coordinator.ts whose imports point
// into this tree): the two then run in turns, R rounds each, for paired ratios on a busy machine.
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Redis } from 'ioredis';
import type { Interest, TickOptions } from '../../src/live/state';
import type { WatchCoordinator, WatchPeer } from '../../src/live/coordinator';
import { startRedis } from '../../test/support/redis-server';

interface Coordinator extends WatchCoordinator {
  readonly redis: Redis;
}
type Factory = (o: { url: string }) => Coordinator;

interface Sample {
  variant: string;
  beats: number;
  roundTripsPerBeat: number;
  redisCommandsPerBeat: number;
  redisCpuMsPerSecond: number;
  nodeCpuMsPerSecond: number;
}

const INTEREST: Interest = {
  entities: { '1': { expand: [], fresh: false } },
  collections: {},
  subscribers: 1,
};
const peer: WatchPeer = {
  interest: () => INTEREST,
  deliver: () => undefined,
  wake: () => undefined,
  catchUp: () => undefined,
  adopt: () => undefined,
};

/** Calls per command name, and Redis's CPU seconds (system + user). */
async function redisStats(redis: Redis): Promise<{ calls: Map<string, number>; cpu: number }> {
  const calls = new Map<string, number>();
  for (const m of (await redis.info('commandstats')).matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
    calls.set(m[1], Number(m[2]));
  const cpu = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(cpu)?.[1] ?? 0);
  return { calls, cpu: field('used_cpu_sys') + field('used_cpu_user') };
}

/** Counts the commands a connection sends from now on. */
function countSent(redis: Redis): () => number {
  let sent = 0;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    sent++;
    return send(...args);
  };
  return () => sent;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function round(
  variant: string,
  create: Factory,
  o: { url: string; watches: number; seconds: number; tick: TickOptions },
) {
  const { Redis } = await import('ioredis');
  const admin = new Redis(o.url);
  const coordinators = [create({ url: o.url }), create({ url: o.url })];
  const upstream = `${variant}-${Date.now()}`;
  // Watches start over one beat's time, as subscriptions arriving one by one would (beats that all
  // fire together reach Redis in a few reads and writes, which flatters the commands per beat).
  const beatMs = o.tick.fastMs / 4;
  for (let i = 0; i < o.watches; i++) {
    for (const c of coordinators) c.join({ upstream, space: i, model: 'Transaction' }, peer, o.tick);
    await pause(beatMs / o.watches);
  }
  await pause(o.tick.fastMs);
  const sent = coordinators.map((c) => countSent(c.redis));
  const before = await redisStats(admin);
  const node = process.cpuUsage();
  await pause(o.seconds * 1000);
  const after = await redisStats(admin);
  const nodeCpu = process.cpuUsage(node);
  const roundTrips = sent.reduce((sum, count) => sum + count(), 0);
  await Promise.all(coordinators.map((c) => c.close()));
  await admin.quit();
  const delta = (name: string) => (after.calls.get(name) ?? 0) - (before.calls.get(name) ?? 0);
  const beats = delta('zadd');
  const commands = [...after.calls.keys()]
    .filter((name) => name !== 'info')
    .reduce((sum, name) => sum + delta(name), 0);
  return {
    variant,
    beats,
    roundTripsPerBeat: roundTrips / beats,
    redisCommandsPerBeat: commands / beats,
    redisCpuMsPerSecond: ((after.cpu - before.cpu) * 1000) / o.seconds,
    nodeCpuMsPerSecond: (nodeCpu.user + nodeCpu.system) / 1000 / o.seconds,
  } satisfies Sample;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** This tree's cost over the other's, round by round (they ran one after the other): median and range. */
function pairedRatios(samples: Sample[]): string {
  const pairs: [Sample, Sample][] = [];
  for (let i = 0; i + 1 < samples.length; i += 2) pairs.push([samples[i], samples[i + 1]]);
  const ratio = (pick: (s: Sample) => number) => {
    const rs = pairs.map(([other, mine]) => pick(mine) / pick(other));
    return `${median(rs).toFixed(2)} (${Math.min(...rs).toFixed(2)}-${Math.max(...rs).toFixed(2)})`;
  };
  return `\nThis tree over the other, paired by round: Redis CPU ${ratio((s) => s.redisCpuMsPerSecond)}, node CPU ${ratio((s) => s.nodeCpuMsPerSecond)}, round trips ${ratio((s) => s.roundTripsPerBeat)}.\n`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      watches: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      'tick-ms': { type: 'string', default: '1000' },
      rounds: { type: 'string', default: '1' },
      compare: { type: 'string' },
    },
  });
  const fastMs = Number(values['tick-ms']);
  const o = {
    watches: Number(values.watches),
    seconds: Number(values.seconds),
    tick: { fastMs, slowMs: fastMs },
  };
  const variants: [string, Factory][] = [
    ['this tree', (await import('../../src/live/redis-coordinator')).createRedisCoordinator],
  ];
  if (values.compare) {
    const other = (await import(pathToFileURL(resolve(values.compare)).href)) as {
      createRedisCoordinator: Factory;
    };
    variants.unshift([values.compare, other.createRedisCoordinator]);
  }
  const redis = await startRedis();
  const samples: Sample[] = [];
  try {
    for (let r = 0; r < Number(values.rounds); r++)
      for (const [name, create] of variants)
        samples.push(await round(name, create, { ...o, url: redis.url }));
  } finally {
    await redis.stop();
  }
  const rows = variants.map(([name]) => {
    const mine = samples.filter((s) => s.variant === name);
    const m = (pick: (s: Sample) => number) => median(mine.map(pick));
    return `| ${name} | ${m((s) => s.beats)} | ${m((s) => s.roundTripsPerBeat).toFixed(2)} | ${m((s) => s.redisCommandsPerBeat).toFixed(2)} | ${m((s) => s.redisCpuMsPerSecond).toFixed(1)} | ${m((s) => s.nodeCpuMsPerSecond).toFixed(1)} |`;
  });
  const head = `# Live watches: what the heartbeats cost Redis\n\n${new Date().toISOString()} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load ${loadavg()[0].toFixed(2)} · 2 coordinators × ${o.watches} watches, tick ${fastMs} ms, ${o.seconds} s, ${values.rounds} round(s) each (medians)\n\n`;
  const table = [
    '| coordinator | beats | round trips per beat | Redis commands per beat | Redis CPU ms/s | node CPU ms/s |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  const markdown = `${head}${table}\n${variants.length === 2 ? pairedRatios(samples) : ''}`;
  process.stdout.write(`${markdown}\n`);
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(new URL(`redis-beat-${stamp}.md`, dir), markdown);
  writeFileSync(new URL(`redis-beat-${stamp}.json`, dir), JSON.stringify({ ...o, samples }, null, 2));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
