// The parse and validation cache, bounded in bytes instead of entries: yoga's default holds 1,000
// documents of any size, so unique large documents filled the heap. Keys are document texts; an
// entry's cost is estimated from its text (a parsed AST is roughly this many times its source).
const COST_PER_CHAR = 16;

export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  static cost(key: string): number {
    return key.length * COST_PER_CHAR;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Least recently used first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    const cost = ByteBoundedCache.cost(key);
    if (cost > this.maxBytes) return;
    if (this.entries.delete(key)) this.used -= cost;
    this.entries.set(key, value);
    this.used += cost;
    for (const oldest of this.entries.keys()) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= ByteBoundedCache.cost(oldest);
    }
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}
