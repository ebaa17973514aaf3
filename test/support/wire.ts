// How the graph answers REST's scalars: Long (int64) as a string of digits, Decimal as exact decimal
// text (both JSON strings, one wire type each); everything else as REST has it. For tests that compare
// a GraphQL answer with the REST object it came from.
import { decimalText, isDecimal } from '../../src/rest/decimal';

/** The REST value as the graph answers it, when the graph answered `answered` (a string for Long and Decimal). */
export function restAsGraph(rest: unknown, answered: unknown): unknown {
  const numeric = typeof rest === 'number' || typeof rest === 'bigint' || isDecimal(rest);
  return typeof answered === 'string' && numeric ? decimalText(rest) : (rest ?? null);
}
