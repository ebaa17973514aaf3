// A canonical string for argument values (object keys sorted, bigint written out), so that equal
// arguments share one loader or one extra call within a request.

const MAX_CANONICAL_DEPTH = 32;

/**
 * True when JSON.stringify alone writes `value` canonically: plain JSON values whose objects' keys are
 * already in order and no bigint. Most keys are lists of names, ids and small argument objects: they
 * are written without the sorting replacer, which JSON.stringify calls for every value.
 */
function isCanonical(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_CANONICAL_DEPTH) return false;
      if (Array.isArray(value)) {
        for (const item of value) if (!isCanonical(item, depth + 1)) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      let previous: string | undefined;
      for (const key in value) {
        if (previous !== undefined && !(previous < key)) return false;
        previous = key;
        if (!isCanonical((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

export function stableKey(value: unknown): string {
  if (isCanonical(value, 0)) return JSON.stringify(value ?? null);
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
