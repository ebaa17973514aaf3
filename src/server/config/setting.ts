// One setting of paygraph: where it comes from (a variable, a flag or both), which commands read it,
// what it means, its documented default and the schema its raw text must pass. The table of them
// (settings.ts) is the only place a setting is described: validation at start and the README's
// configuration table are both made from it.
import { wholeNumber, type ValueSchema } from './values';

export const COMMANDS = ['serve', 'start', 'sandbox'] as const;
export type Command = (typeof COMMANDS)[number];

export interface Setting<T> {
  /** The environment variable, when there is one. */
  env?: string;
  /** The command-line flag without its dashes, when there is one; it wins over the variable. */
  flag?: string;
  /** How the flag is given: `--x VALUE` (default), `--x` alone, or `--x A --x B`. */
  flagKind?: 'text' | 'switch' | 'repeated';
  /** The commands that read it; the in-process app reads the ones marked for `serve` as well. */
  commands: readonly Command[];
  /** The default as a reader should see it (documentation; the schema applies it). */
  default: string;
  meaning: string;
  value: ValueSchema<T>;
}

/** Identity with inference: each entry keeps its own value type and its commands as literals. */
export function setting<T, const C extends readonly Command[]>(
  s: Setting<T> & { commands: C },
): Setting<T> & { commands: C } {
  return s;
}

/** How messages name a setting: `PAYGRAPH_AUTH (--auth)`, `PORT (--port)`, `--seed`. */
export function label(s: Pick<Setting<unknown>, 'env' | 'flag'>): string {
  if (s.env && s.flag) return `${s.env} (--${s.flag})`;
  return s.env ?? `--${s.flag}`;
}

/** The commands that serve the graph (`start` for the graph it runs). */
export const GRAPH_COMMANDS = ['serve', 'start'] as const;

/** A whole number of the graph's, `min` or more, `fallback` when unset. */
export function graphLimit(env: string, fallback: number, meaning: string, min = 0) {
  return setting({
    env,
    commands: GRAPH_COMMANDS,
    default: String(fallback),
    meaning,
    value: wholeNumber({ min, fallback }),
  });
}
