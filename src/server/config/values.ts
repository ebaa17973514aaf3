// The kinds of value a setting holds, as zod schemas over the raw text of a flag or variable. Each
// issue's message says what was expected and what was given; the reader prefixes the setting's name.
// A secret's value is never repeated in a message.
import { z } from 'zod';

/** What a flag or variable arrives as: text, a boolean flag, a repeated flag, or nothing. */
export type Raw = string | boolean | string[] | undefined;
export type ValueSchema<T> = z.ZodType<T, z.ZodTypeDef, Raw>;

const raw = z.custom<Raw>(
  (v) => v === undefined || typeof v === 'string' || typeof v === 'boolean' || Array.isArray(v),
);

function text(value: Raw): string | undefined {
  if (typeof value === 'boolean') return value ? 'on' : undefined;
  if (Array.isArray(value)) return value.at(-1);
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

function refuse(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
}

/** A whole number in [min, max]; `fallback` when unset (undefined when no fallback). */
export function wholeNumber(o: { min?: number; max?: number; fallback: number }): ValueSchema<number>;
export function wholeNumber(o: { min?: number; max?: number }): ValueSchema<number | undefined>;
export function wholeNumber(o: {
  min?: number;
  max?: number;
  fallback?: number;
}): ValueSchema<number | undefined> {
  const min = o.min ?? 0;
  const range = o.max === undefined ? `of at least ${min}` : `from ${min} to ${o.max}`;
  return raw.transform((value, ctx) => {
    const t = text(value);
    if (t === undefined) return o.fallback;
    const n = Number(t);
    if (!/^\d+$/.test(t) || n < min || (o.max !== undefined && n > o.max))
      return refuse(ctx, `must be a whole number ${range}, got "${t}"`);
    return n;
  });
}

const ON = ['1', 'true', 'on', 'yes'];
const OFF = ['0', 'false', 'off', 'no'];

/** on/off (1/0, true/false, yes/no); undefined when unset, so the caller may pick a default by context. */
export function onOff(fallback?: boolean): ValueSchema<boolean | undefined> {
  return raw.transform((value, ctx) => {
    const t = text(value)?.toLowerCase();
    if (t === undefined) return fallback;
    if (ON.includes(t)) return true;
    if (OFF.includes(t)) return false;
    return refuse(ctx, `must be on or off, got "${String(value)}"`);
  });
}

/** One of a closed set of words. */
export function oneOf<const T extends string>(choices: readonly T[], fallback: T): ValueSchema<T>;
export function oneOf<const T extends string>(choices: readonly T[]): ValueSchema<T | undefined>;
export function oneOf<const T extends string>(
  choices: readonly T[],
  fallback?: T,
): ValueSchema<T | undefined> {
  return raw.transform((value, ctx) => {
    const t = text(value);
    if (t === undefined) return fallback;
    if ((choices as readonly string[]).includes(t)) return t as T;
    return refuse(ctx, `must be one of ${choices.join(', ')}, got "${t}"`);
  });
}

/** Free text; `fallback` when unset. */
export function words(fallback: string): ValueSchema<string>;
export function words(): ValueSchema<string | undefined>;
export function words(fallback?: string): ValueSchema<string | undefined> {
  return raw.transform((value) => text(value) ?? fallback);
}

/** Text that must be given (the command cannot run without it). */
export function required(): ValueSchema<string> {
  return raw.transform((value, ctx) => text(value) ?? refuse(ctx, 'is required'));
}

/** A list separated by commas or blanks; empty when unset. */
export function list(): ValueSchema<string[]> {
  return raw.transform((value) => (text(value) ?? '').split(/[\s,]+/).filter(Boolean));
}

/**
 * An absolute http(s) or redis URL. The value is not repeated in errors: it may carry a password.
 */
export function url(protocols: readonly string[]): ValueSchema<string | undefined> {
  return raw.transform((value, ctx) => {
    const t = text(value);
    if (t === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(t);
    } catch {
      return refuse(ctx, `must be a URL (${protocols.map((p) => `${p}//...`).join(' or ')})`);
    }
    if (!protocols.includes(parsed.protocol))
      return refuse(ctx, `must be a ${protocols.join(' or ')} URL, not ${parsed.protocol}`);
    return t;
  });
}

/** A repeatable flag (`--user A --user B`), each occurrence parsed by `item`, whose errors are its own. */
export function repeated<T>(item: (text: string) => T): ValueSchema<T[]> {
  return raw.transform((value, ctx) => {
    const items =
      value === undefined || typeof value === 'boolean' ? [] : Array.isArray(value) ? value : [value];
    try {
      return items.map(item);
    } catch (error) {
      return refuse(ctx, (error as Error).message);
    }
  });
}

/** Browser origins (`https://shop.example`); `*` is refused because credentials are allowed. */
export function origins(): ValueSchema<string[]> {
  return list().transform((items, ctx) => {
    for (const origin of items) {
      if (origin === '*')
        return refuse(ctx, 'may not be "*": list the origins allowed to call with credentials');
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        return refuse(ctx, `has "${origin}", which is not an origin like https://app.example.com`);
      }
      if (parsed.origin !== origin)
        return refuse(ctx, `has "${origin}", which is not an origin; did you mean "${parsed.origin}"?`);
    }
    return items;
  });
}
