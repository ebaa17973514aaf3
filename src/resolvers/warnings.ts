// Warnings of one operation: conditions that null a field without being an error of the client's
// making (an extra that does not apply to some rows). Each distinct warning is reported once, with
// how many fields it nulled and the first path, in the response's `extensions.warnings`.
import type { GraphQLResolveInfo } from 'graphql';
import type { GraphContext } from './context';
import { ObjectSlot } from '../shared/object-slot';

export interface Warning {
  code: string;
  message: string;
  /** The first field it nulled. */
  path: (string | number)[];
  /** How many fields it nulled. */
  count: number;
}

const warnings = new ObjectSlot<GraphContext, Map<string, Warning>>('paygraph.warnings');

function pathOf(info: GraphQLResolveInfo): (string | number)[] {
  const out: (string | number)[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) out.unshift(p.key);
  return out;
}

/** Records a warning; the same code and message again only counts. */
export function addWarning(ctx: GraphContext, info: GraphQLResolveInfo, code: string, message: string): void {
  let all = warnings.get(ctx);
  if (!all) {
    all = new Map();
    warnings.set(ctx, all);
  }
  const id = `${code}\n${message}`;
  const known = all.get(id);
  if (known) known.count += 1;
  else all.set(id, { code, message, path: pathOf(info), count: 1 });
}

/** The warnings of an operation, in the order they first occurred. */
export function warningsOf(ctx: GraphContext): Warning[] {
  return [...(warnings.get(ctx)?.values() ?? [])];
}
