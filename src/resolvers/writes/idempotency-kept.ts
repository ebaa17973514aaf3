// The settles and abandons the Redis idempotency store could not write (Redis unreachable), kept in
// this process and written when Redis answers again, oldest first. Meanwhile the instance answers a
// repeat of such a key from what it keeps (the outcome REST gave it), so its own answer never waits
// for Redis. Kept at most a key's lifetime.

export type KeptWrite =
  | { op: 'settle'; record: string; owner: string; argv: (string | number)[]; until: number }
  | { op: 'abandon'; record: string; owner: string; until: number };

export class KeptWrites {
  private readonly writes = new Map<string, KeptWrite>();

  get size(): number {
    return this.writes.size;
  }

  keep(write: KeptWrite): void {
    this.writes.set(`${write.owner} ${write.record}`, write);
  }

  /** Writes each kept write still alive (`write` throws while Redis cannot take it: the rest wait for the next flush). */
  async flush(write: (w: KeptWrite) => Promise<unknown>): Promise<void> {
    const now = Date.now();
    for (const [id, w] of [...this.writes]) {
      if (w.until >= now) await write(w);
      this.writes.delete(id);
    }
  }

  /** The done outcome (JSON) kept for a record and fingerprint, if any. */
  doneOutcome(record: string, fingerprint: string): string | undefined {
    for (const w of this.writes.values()) {
      if (w.op === 'settle' && w.record === record && w.argv[1] === fingerprint && w.argv[2] === 'done')
        return String(w.argv[3]);
    }
    return undefined;
  }
}
