// Faults on demand for tests and benchmarks: added latency, a share (or a count) of responses with a
// chosen status, dropped connections. Set at start and changed while running via the admin endpoint.
import { z } from 'zod';

export const faultSettingsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    errorRate: z.number().min(0).max(1),
    errorStatus: z.number().int().min(400).max(599),
    errorCount: z.number().int().min(0),
    dropRate: z.number().min(0).max(1),
    dropCount: z.number().int().min(0),
    retryAfterSeconds: z.number().int().min(0).optional(),
    match: z
      .object({ method: z.string().optional(), operationId: z.string().optional() })
      .strict()
      .optional(),
  })
  .strict();

export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 503,
  errorCount: 0,
  dropRate: 0,
  dropCount: 0,
};

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'error'; status: number; retryAfterSeconds?: number }
  | { kind: 'drop' };

export class Faults {
  private settings: FaultSettings = { ...NO_FAULTS };

  /** Validates and merges a partial setting; throws a readable error on bad input. */
  set(partial: unknown): FaultSettings {
    const parsed = faultSettingsSchema.partial().safeParse(partial);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`invalid fault setting ${issue.path.join('.') || '(body)'}: ${issue.message}`);
    }
    this.settings = { ...this.settings, ...parsed.data };
    return this.current();
  }

  clear(): void {
    this.settings = { ...NO_FAULTS };
  }

  current(): FaultSettings {
    return { ...this.settings };
  }

  private matches(method: string, operationId: string | undefined): boolean {
    const match = this.settings.match;
    if (!match) return true;
    if (match.method && match.method.toUpperCase() !== method) return false;
    return !match.operationId || match.operationId === operationId;
  }

  latencyFor(method: string, operationId: string | undefined): number {
    return this.matches(method, operationId) ? this.settings.latencyMs : 0;
  }

  /** Decides the fate of one request, consuming counted faults. */
  decide(method: string, operationId: string | undefined): FaultDecision {
    if (!this.matches(method, operationId)) return { kind: 'none' };
    const s = this.settings;
    if (s.dropCount > 0) {
      s.dropCount -= 1;
      return { kind: 'drop' };
    }
    if (s.dropRate > 0 && Math.random() < s.dropRate) return { kind: 'drop' };
    if (s.errorCount > 0) {
      s.errorCount -= 1;
      return { kind: 'error', status: s.errorStatus, retryAfterSeconds: s.retryAfterSeconds };
    }
    if (s.errorRate > 0 && Math.random() < s.errorRate) {
      return { kind: 'error', status: s.errorStatus, retryAfterSeconds: s.retryAfterSeconds };
    }
    return { kind: 'none' };
  }
}
