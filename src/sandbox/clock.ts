// The sandbox clock: the time every life cycle reads (`SandboxState.now`). `real` follows the wall
// clock; `manual` stands still where the sandbox started until it is advanced. Either may be advanced
// by a duration, so that tests see what the life cycles plan for later happen without waiting.
// Request signatures (JWT `iat`) and the rate limit keep to the wall clock: clients sign with theirs.

export type ClockMode = 'real' | 'manual';

export const CLOCK_MODES: readonly ClockMode[] = ['real', 'manual'];

export class SandboxClock {
  /** The sandbox time when the sandbox started: what the clock passes is what comes after it. */
  readonly startedAt: Date;
  private offsetMs = 0;
  private readonly wallAtStart: number;

  constructor(
    readonly mode: ClockMode,
    private readonly wall: () => number = Date.now,
  ) {
    if (!CLOCK_MODES.includes(mode)) throw new Error(`the clock is real or manual, not "${String(mode)}"`);
    this.wallAtStart = wall();
    this.startedAt = new Date(this.wallAtStart);
  }

  now(): Date {
    const base = this.mode === 'real' ? this.wall() : this.wallAtStart;
    return new Date(base + this.offsetMs);
  }

  /** Moves the clock forward; it never goes back. */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`the clock only moves forward: ${ms} ms`);
    this.offsetMs += ms;
    return this.now();
  }

  snapshot() {
    return {
      mode: this.mode,
      now: this.now().toISOString(),
      startedAt: this.startedAt.toISOString(),
      advancedMs: this.offsetMs,
    };
  }
}

const UNIT_MS: Record<string, number> = {
  W: 7 * 86_400_000,
  D: 86_400_000,
  H: 3_600_000,
  M: 60_000,
  S: 1000,
};

/**
 * An ISO 8601 duration of weeks, days, hours, minutes and seconds (`PT1H`, `P2DT30M`, `PT1.5S`) in
 * milliseconds. Months and years have no fixed length, so they are refused (use days).
 */
export function parseDuration(text: string): number {
  const match =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      text.trim(),
    );
  if (!match || text.trim().toUpperCase() === 'P' || /T$/i.test(text.trim())) {
    throw new Error(
      `"${text}" is not an ISO 8601 duration of weeks, days, hours, minutes or seconds, such as PT1H or P2DT30M`,
    );
  }
  const [, w, d, h, m, s] = match;
  const parts: [string | undefined, string][] = [
    [w, 'W'],
    [d, 'D'],
    [h, 'H'],
    [m, 'M'],
    [s, 'S'],
  ];
  return Math.round(
    parts.reduce((sum, [value, unit]) => sum + (value ? Number(value) * UNIT_MS[unit] : 0), 0),
  );
}
