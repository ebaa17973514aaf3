// Deterministic randomness and time for the seed: the same seed number always yields the same
// sequence, so the same seed gives byte-identical demo data (no Math.random, no real clock).

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data, fully reproducible. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  /** Index of a non-empty bucket, chosen with probability proportional to what is left in it. */
  bucket(remaining: readonly number[]): number {
    const total = remaining.reduce((a, b) => a + b, 0);
    let roll = this.int(1, total);
    for (let i = 0; i < remaining.length; i++) {
      roll -= remaining[i];
      if (roll <= 0) return i;
    }
    return remaining.length - 1;
  }

  /** Shuffles `items` in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /**
   * `count` keys in a random order, each about as often as its weight says and every key at least
   * once; keys listed in `last` are put at the end (the most recent objects carry transient states).
   */
  plan<K extends string>(weights: Readonly<Record<K, number>>, count: number, last: readonly K[] = []): K[] {
    const keys = Object.keys(weights) as K[];
    const total = keys.reduce((sum, k) => sum + weights[k], 0);
    const out: K[] = [];
    for (const k of keys)
      for (let n = Math.max(1, Math.round((weights[k] * count) / total)); n > 0; n--) out.push(k);
    const biggest = keys.reduce((a, b) => (weights[b] > weights[a] ? b : a));
    while (out.length > count && out.includes(biggest)) out.splice(out.indexOf(biggest), 1);
    while (out.length < count) out.push(biggest);
    return [
      ...this.shuffle(out.filter((k) => !last.includes(k))),
      ...this.shuffle(out.filter((k) => last.includes(k))),
    ];
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A clock that only moves forward. Ids rise with creation order, so every object must be created
 * at a time no earlier than the one before it; the seed advances this clock as it creates objects.
 * A larger seed packs more business into the same months: `scale` divides every step.
 */
export class SeedClock {
  private time: number;
  /** Steps are divided by this (1: as written; 100 for a seed 100 times the default). */
  scale = 1;

  constructor(
    private readonly rng: Rng,
    start: Date,
  ) {
    this.time = start.getTime();
  }

  /** A step of `ms` at this clock's scale. */
  span(ms: number): number {
    return this.scale === 1 ? ms : Math.round(ms / this.scale);
  }

  current(): Date {
    return new Date(this.time);
  }

  /** Jumps to `at` unless the clock is already past it. */
  moveTo(at: Date): Date {
    this.time = Math.max(this.time, at.getTime());
    return this.current();
  }

  /** Moves forward by a random step around `averageMs` (half to one and a half of it). */
  advance(averageMs: number): Date {
    this.time += Math.round(this.span(averageMs) * (0.5 + this.rng.next()));
    return this.current();
  }
}

export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
export const iso = (date: Date): string => date.toISOString();
