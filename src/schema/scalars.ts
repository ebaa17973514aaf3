// Custom scalars: Long (int64 ids, lossless), DateTime (REST date-times, passed through unchanged),
// Decimal (amounts), JSON and JSONObject (maps) from graphql-scalars.
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { GraphQLDateTime, GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { builder } from './builder';
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
    'A 64-bit integer (REST int64). Output: a JSON number below 2^53, a string of digits from 2^53 on. Input: an Int literal or a string of digits.',
  serialize: serializeLong,
  parseValue: parseLong,
  // An INT literal keeps all its digits in the AST, so large literals are exact too.
  parseLiteral: (ast) => parseLong(literalText(ast, 'Long', [Kind.INT, Kind.STRING])),
});

/** Validates an RFC 3339 date-time and keeps the REST text as it is (no time zone rewriting). */
function checkDateTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') throw badInput(`DateTime cannot represent a value of type ${typeof value}`);
  try {
    GraphQLDateTime.parseValue(value);
  } catch {
    throw badInput(`DateTime cannot represent ${JSON.stringify(value.slice(0, 40))}: expected an RFC 3339 date-time`);
  }
  return value;
}

builder.scalarType('DateTime', {
  description: 'An RFC 3339 date-time string, e.g. 2024-05-01T12:00:00Z, as the REST API writes it.',
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
    'In date filters: a plain date, 2025-06-01, meaning that whole day in UTC (lte includes it, gt starts after it), or an RFC 3339 date-time.',
  serialize: (value) => checkDateOrDateTime(value),
  parseValue: checkDateOrDateTime,
  parseLiteral: (ast) => checkDateOrDateTime(literalText(ast, 'DateOrDateTime', [Kind.STRING])),
});

const DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A decimal amount: a number when the text converts exactly, else the decimal text unchanged. */
export function parseDecimal(value: unknown): number | string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badInput(`Decimal cannot represent ${value}`);
    return value;
  }
  if (typeof value === 'string' && DECIMAL.test(value.trim())) {
    const text = value.trim();
    const n = Number(text);
    return Number.isFinite(n) && String(n) === text ? n : text;
  }
  throw badInput(`Decimal cannot represent ${JSON.stringify(value)}: expected a number or a decimal string`);
}

builder.scalarType('Decimal', {
  description:
    'A decimal amount: a JSON number as REST sends it, decimal text where paygraph has it as text (Money.amount); input accepts a number or a decimal string.',
  // Decimal text handed over as such (Money.amount) stays text, so no client rounds it.
  serialize: (value: unknown) =>
    typeof value === 'bigint' ? value.toString() : typeof value === 'string' && DECIMAL.test(value) ? value : parseDecimal(value),
  parseValue: parseDecimal,
  parseLiteral: (ast) => parseDecimal(literalText(ast, 'Decimal', [Kind.INT, Kind.FLOAT, Kind.STRING])),
});

builder.addScalarType('JSON', GraphQLJSON);
builder.addScalarType('JSONObject', GraphQLJSONObject);
