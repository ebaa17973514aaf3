// A large seed tells only some transactions' stories; each other transaction is a copy of a told one of
// the same space and state, with everything that story made (attempts, completions, refunds, invoices,
// ...). A large seed makes about a million copies, so each is a spread and a few assignments.
import { resourceOf } from '../../catalog';
import { isCanonicalInstant } from '../search/values';
import { loadObject } from '../objects';
import type { Stored } from '../store';
import type { Made, SeedContext } from './context';

interface Part {
  model: string;
  /** The space to store the copy under (null for models outside spaces). */
  space: number | null;
  object: Record<string, unknown>;
  /** Fields holding the id of an object of the same story. */
  idFields: string[];
  /** Time stamp fields and their time in ms. */
  times: [string, number][];
}

/** One told story, ready to copy: what it made, in creation order (the transaction first). */
export interface Template {
  parts: Part[];
  start: number;
}

/** An ISO 8601 time stamp as the seed writes them (`2025-07-01T10:00:00.000Z`). */
/**
 * Compiles what a story made (started at `start`, ms) for copying, once: which fields are ids of the
 * story, which are time stamps.
 */
export function compileTemplate(made: Made[], start: number): Template {
  const ids = new Set(made.map(({ object }) => Number(object.id)));
  const parts = made.map(({ model, space, object }) => {
    const idFields: string[] = [];
    const times: [string, number][] = [];
    for (const key in object) {
      const value = object[key];
      if (typeof value === 'number' && key !== 'version' && ids.has(value)) idFields.push(key);
      else if (typeof value === 'string' && isCanonicalInstant(value)) times.push([key, Date.parse(value)]);
    }
    // A copy of the object as the source: a stored transaction has been written field by field and
    // holds its properties as a dictionary; spreading a plain copy is far faster.
    return {
      model,
      space: resourceOf(model).spaceScoped ? space : null,
      object: { ...object },
      idFields,
      times,
    };
  });
  return { parts, start };
}

const MINUTE = 60_000;
let seconds: string[] | undefined;
let lastMinute = NaN;
let lastPrefix = '';

/**
 * `new Date(ms).toISOString()`, several times faster for times close together (a copied story's): the
 * `YYYY-MM-DDTHH:MM:` of the last minute is kept, the `SS.mmmZ` ends come from a table.
 */
function isoTime(ms: number): string {
  seconds ??= Array.from(
    { length: MINUTE },
    (_, i) => `${String(Math.floor(i / 1000)).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}Z`,
  );
  const minute = Math.floor(ms / MINUTE);
  if (minute !== lastMinute) {
    lastMinute = minute;
    lastPrefix = new Date(minute * MINUTE).toISOString().slice(0, 17);
  }
  return lastPrefix + seconds[ms - minute * MINUTE];
}

/**
 * Copies `template` to start at the clock's time: fresh ids, references between them mapped to the
 * fresh ids, every time stamp moved to the copy's time. Returns the copy of its transaction. Copies share
 * nested values (line items, addresses) with their original, which costs no time and little memory: the
 * sandbox replaces nested values on update, never edits them.
 */
export function replicate(ctx: SeedContext, template: Template): Stored<'Transaction'> {
  const delta = ctx.clock.current().getTime() - template.start;
  const ids = new Map<unknown, number>();
  for (const part of template.parts) ids.set(part.object.id, ctx.store.nextId());
  let last = template.start + delta;
  let first: number | undefined;
  for (const part of template.parts) {
    const copy = { ...part.object };
    for (const key of part.idFields) copy[key] = ids.get(copy[key]);
    for (const [key, ms] of part.times) {
      copy[key] = isoTime(ms + delta);
      if (key === 'createdOn' && ms + delta > last) last = ms + delta;
    }
    ctx.store.put(part.model, part.space, Number(copy.id), copy);
    first ??= Number(copy.id);
  }
  ctx.clock.moveTo(new Date(last));
  return loadObject(ctx.store, 'Transaction', first!, template.parts[0].space);
}
