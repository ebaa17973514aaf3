// A canonical string for argument values (object keys sorted, bigint written out), so that equal
// arguments share one loader or one extra call within a request.
export function stableKey(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) => {
    if (typeof v === 'bigint') return `${v.toString()}n`;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return v;
  });
}
