// Custom scalars, each with one wire type written in its description: Long (int64, a string of
// digits), DateTime (REST date-times, passed through unchanged), Decimal (exact decimal text), JSON and
// JSONObject (maps, graphql-scalars underneath). Their client types are published in client-scalars.ts.
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { GraphQLDateTime, GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { builder } from './builder';
import { decimalText, isDecimal, numberText, plainDecimal, toDecimal, type Decimal } from '../resolvers';
import { parseLong, serializeLong } from './long';

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function literalText(ast: ValueNode, scalar: string, kinds: Kind[]): string {
  if (!kinds.includes(ast.kind)) throw badInput(`${scalar} cannot represent a ${ast.kind} literal`);
  return (ast as { value: string }).value;
}

builder.scalarType('Long', {
  description:
    'A 64-bit integer (REST int64: ids, sizes). Wire type: a JSON string of digits (`"13431"`, `"9223372036854775807"`), exact at every size; client type `string`. Input: a string of digits, or an Int literal or JSON number below 2^53.',
  serialize: serializeLong,
  parseValue: parseLong,
  // An INT literal keeps all its digits in the AST, so large literals are exact too.
  parseLiteral: (ast) => parseLong(literalText(ast, 'Long', [Kind.INT, Kind.STRING])),
});

/**
 * The usual shape of a REST date-time (upper-case T and Z), each field in its range. Every text it
 * matches, whose day exists in its month and which Date.parse reads, graphql-scalars accepts too: it
 * is checked here without that library's upper-casing, three expressions and Date per value (every
 * row of a page has some). Any other text is left to graphql-scalars to accept or refuse.
 */
const PLAIN_DATE_TIME =
  /^(\d{4})-(0[1-9]|1[012])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isPlainDateTime(value: string): boolean {
  const match = PLAIN_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return day <= days && !Number.isNaN(Date.parse(value));
}

/** Validates an RFC 3339 date-time and keeps the REST text as it is (no time zone rewriting). */
function checkDateTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') throw badInput(`DateTime cannot represent a value of type ${typeof value}`);
  if (isPlainDateTime(value)) return value;
  try {
    GraphQLDateTime.parseValue(value);
  } catch {
    throw badInput(
      `DateTime cannot represent ${JSON.stringify(value.slice(0, 40))}: expected an RFC 3339 date-time`,
    );
  }
  return value;
}

builder.scalarType('DateTime', {
  description:
    'A date-time. Wire type: a JSON string in RFC 3339 (`2024-05-01T12:00:00.000Z`), as the REST API writes it; client type `string`. Input: the same.',
  serialize: (value) => checkDateTime(value),
  parseValue: checkDateTime,
  parseLiteral: (ast) => checkDateTime(literalText(ast, 'DateTime', [Kind.STRING])),
});

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A plain date (a whole day, UTC) or an RFC 3339 date-time: what date filters compare with. */
function checkDateOrDateTime(value: unknown): string {
  if (typeof value === 'string' && PLAIN_DATE.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value) return value;
    throw badInput(`DateOrDateTime cannot represent ${JSON.stringify(value)}: not a calendar date`);
  }
  try {
    return checkDateTime(value);
  } catch {
    throw badInput(
      `DateOrDateTime cannot represent ${JSON.stringify(String(value).slice(0, 40))}: expected a date (2025-06-01) or an RFC 3339 date-time`,
    );
  }
}

builder.scalarType('DateOrDateTime', {
  description:
    'In date filters (input only). Wire type: a JSON string holding a plain date, 2025-06-01, meaning that whole day in UTC (lte includes it, gt starts after it), or an RFC 3339 date-time; client type `string`.',
  serialize: (value) => checkDateOrDateTime(value),
  parseValue: checkDateOrDateTime,
  parseLiteral: (ast) => checkDateOrDateTime(literalText(ast, 'DateOrDateTime', [Kind.STRING])),
});

/** Decimal input longer than this is refused unread: 40 digits cover every amount. */
const MAX_DECIMAL_INPUT_LENGTH = 64;

/** A Decimal from client input: a decimal string (exact) or a JSON number (as its shortest text). */
export function parseDecimal(value: unknown): Decimal {
  if (typeof value === 'string' && value.length > MAX_DECIMAL_INPUT_LENGTH) {
    throw badInput(`Decimal of ${value.length} characters is too long: at most ${MAX_DECIMAL_INPUT_LENGTH}`);
  }
  const text =
    typeof value === 'string'
      ? plainDecimal(value)
      : typeof value === 'number'
        ? numberText(value)
        : undefined;
  if (text === undefined) {
    throw badInput(
      `Decimal cannot represent ${JSON.stringify(value)}: expected a decimal string such as "10.50" (or a number)`,
    );
  }
  return toDecimal(text);
}

/** A Decimal for the response: the decimal text REST sent (see src/rest/decimal.ts), always a string. */
export function serializeDecimal(value: unknown): string {
  const text = decimalText(value);
  if (text === undefined) throw new TypeError(`Decimal cannot represent ${JSON.stringify(value)}`);
  return text;
}

builder.scalarType('Decimal', {
  description:
    'An exact decimal number (amounts, rates, quantities). Wire type: a JSON string in plain notation, holding the decimal exactly as REST sent it (`"853.80"`, `"-5"`, `"0.0075"`); client type `string`. Input: such a string (exact), or a JSON number for convenience (as exact as the client\'s JSON encoder makes it).',
  serialize: serializeDecimal,
  parseValue: parseDecimal,
  // INT and FLOAT literals keep their digits in the AST: a literal amount is exact too.
  parseLiteral: (ast) => parseDecimal(literalText(ast, 'Decimal', [Kind.INT, Kind.FLOAT, Kind.STRING])),
});

/** JSON values hold REST data as it is; an exact decimal inside one is answered as a JSON number. */
function plainJson(value: unknown): unknown {
  if (isDecimal(value)) return Number(value.value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v)]));
  }
  return value;
}

builder.scalarType('JSON', {
  description:
    'Any JSON value, as REST holds it where its schema gives no type. Wire type: any JSON value (an exact decimal inside it as a JSON number); client type: a JSON value.',
  serialize: (value): unknown => GraphQLJSON.serialize(plainJson(value)),
  parseValue: (value): unknown => GraphQLJSON.parseValue(value),
  parseLiteral: (ast, variables): unknown => GraphQLJSON.parseLiteral(ast, variables),
});
builder.scalarType('JSONObject', {
  description:
    'A map of names to JSON values, as REST holds it. Wire type: a JSON object; client type `Record<string, unknown>`.',
  serialize: (value) => GraphQLJSONObject.serialize(plainJson(value)) as Record<string, unknown>,
  parseValue: (value) => GraphQLJSONObject.parseValue(value) as Record<string, unknown>,
  parseLiteral: (ast, variables) => GraphQLJSONObject.parseLiteral(ast, variables) as Record<string, unknown>,
});
