// Collecting field problems of a request body: paths in input notation, a cap on how many are
// reported, and bad values shown only briefly (a value may be long, or something a client typed).
import { decimalText, isDecimal } from '../../rest/decimal';

export interface FieldProblem {
  path: string;
  message: string;
}

/** Most problems reported for one body: enough to fix a form, not a wall of text. */
export const MAX_PROBLEMS = 50;
const SHOWN_CHARACTERS = 60;

/**
 * Where problems are gathered while a body is walked; `full` tells the walk to stop early. Unnamed, it
 * only finds out whether there is a problem: the walk then makes no path of a field (a string per field
 * of every item of a bulk) and stops at the first problem.
 */
export class Problems {
  readonly list: FieldProblem[] = [];

  constructor(readonly named = true) {}

  get full(): boolean {
    return this.list.length >= (this.named ? MAX_PROBLEMS : 1);
  }

  /** The path of `name` under `path`, when problems are named (else `path`: nothing is made). */
  field(path: string, name: string): string {
    return this.named ? fieldPath(path, name) : path;
  }

  /** The path of item `index` under `path`, when problems are named (else `path`). */
  item(path: string, index: number): string {
    return this.named ? indexPath(path, index) : path;
  }

  add(path: string, message: string): void {
    if (!this.full) this.list.push({ path, message });
  }
}

/** `lineItems` + 2 -> `lineItems[2]`. */
export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

/** `billingAddress` + `country` -> `billingAddress.country`; map keys that are not names are quoted. */
export function fieldPath(path: string, name: string): string {
  if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `${path}[${JSON.stringify(shorten(name))}]`;
  return path ? `${path}.${name}` : name;
}

function shorten(text: string): string {
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;
}

/** A value as a message shows it: JSON-like, bigint and decimals as digits, at most ~60 characters. */
export function shown(value: unknown): string {
  if (typeof value === 'bigint') return shorten(value.toString());
  if (isDecimal(value)) return shorten(value.value);
  if (typeof value === 'string') return shorten(JSON.stringify(value));
  if (value === undefined) return 'undefined';
  try {
    return shorten(
      JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(value),
    );
  } catch {
    return shorten(String(value));
  }
}

/** The allowed values of an enum as a message names them: all when few, else the first ones. */
export function allowedValues(values: readonly string[]): string {
  if (values.length <= 8) return values.join(', ');
  return `${values.slice(0, 6).join(', ')} and ${values.length - 6} more`;
}

/** The JSON type of a value as messages name it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'bigint') return 'an integer';
  if (isDecimal(value)) return 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The decimal text of a numeric input value (number, bigint or exact Decimal); undefined for others. */
export function numericText(value: unknown): string | undefined {
  return typeof value === 'number' || typeof value === 'bigint' || isDecimal(value)
    ? decimalText(value)
    : undefined;
}
