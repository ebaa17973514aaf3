// Plain dates in filters on date-time fields: `"2025-06-01"` means that whole day (UTC). Each
// condition with a plain date becomes a comparison with the day's bounds (`lte` a day: before the
// next day starts; `eq` a day: within it); conditions with a full date-time stay as they are.
import { schemas } from '../catalog';
import { graphError } from './errors';
import type { ScalarFilter } from './scalar-filter';
import { group, negate, term } from './search-syntax';

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `field` of `model` is a date-time in the REST facts. */
export function isDateTimeField(model: string, field: string): boolean {
  const properties = schemas[model]?.properties;
  return !!properties && Object.hasOwn(properties, field) && properties[field].format === 'date-time';
}

export function isPlainDate(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_DATE.test(value);
}

/** The first instant of the day and of the next day, as REST date-times. */
function dayBounds(date: string, where: string): [string, string] {
  const start = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date) {
    throw graphError('BAD_USER_INPUT', `filter ${where}: "${date}" is not a calendar date`);
  }
  const next = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  return [start.toISOString(), next.toISOString()];
}

function within(name: string, date: string, where: string): string {
  const [start, next] = dayBounds(date, where);
  return group([term(name, ':>=', start), term(name, ':<', next)], 'AND');
}

/** The search terms for the plain-date conditions of `f`, and the conditions left for the general path. */
export function splitDateConditions(name: string, f: ScalarFilter): { terms: string[]; rest: ScalarFilter } {
  const terms: string[] = [];
  const rest: Record<string, unknown> = {};
  for (const [op, raw] of Object.entries(f)) {
    const where = `${name}.${op}`;
    if (Array.isArray(raw) && (op === 'in' || op === 'notIn') && raw.some(isPlainDate)) {
      const days = raw.map((v, i) =>
        isPlainDate(v) ? within(name, v, `${where}[${i}]`) : term(name, ':', String(v)),
      );
      const any = group(days, 'OR');
      terms.push(op === 'in' ? any : negate(any));
    } else if (!isPlainDate(raw)) rest[op] = raw;
    else if (op === 'eq') terms.push(within(name, raw, where));
    else if (op === 'ne') terms.push(negate(within(name, raw, where)));
    else {
      const [start, next] = dayBounds(raw, where);
      if (op === 'lt') terms.push(term(name, ':<', start));
      else if (op === 'gte') terms.push(term(name, ':>=', start));
      else if (op === 'lte') terms.push(term(name, ':<', next));
      else if (op === 'gt') terms.push(term(name, ':>=', next));
      else rest[op] = raw;
    }
  }
  return { terms, rest: rest };
}
