// Long is lossless past 2^53, in both directions; DateTime keeps the REST text; Decimal is exact.
import { describe, expect, it } from 'vitest';
import * as graphql from 'graphql';
import type { GraphQLScalarType } from 'graphql';
import { schema } from '../../src/schema';
import { LosslessNumber } from 'lossless-json';
import { parseJson, stringifyJson } from '../../src/rest/json';
import { clientScalars } from '../../src/schema/client-scalars';
import { parseLong, serializeLong } from '../../src/schema/long';

const scalar = (name: string) => schema.getType(name) as GraphQLScalarType;
const literal = (text: string) => graphql.parseValue(text);

const BIG = 2n ** 53n + 1n; // 9007199254740993: not representable as a JS number

describe('Long', () => {
  const long = scalar('Long');

  it('round-trips 2^53+1 exactly: string or Int literal in, string out', () => {
    expect(long.parseValue(BIG.toString())).toBe(BIG);
    expect(long.parseLiteral(literal(BIG.toString()), {})).toBe(BIG);
    expect(long.parseLiteral(literal(`"${BIG}"`), {})).toBe(BIG);
    expect(long.serialize(BIG)).toBe('9007199254740993');
    expect(long.serialize(long.parseValue(long.serialize(BIG)))).toBe('9007199254740993');
  });

  it('answers one wire type at every size: a string of digits', () => {
    expect(long.serialize(42)).toBe('42');
    expect(long.serialize(BigInt(Number.MAX_SAFE_INTEGER))).toBe('9007199254740991');
    expect(long.parseValue('42')).toBe(42);
    expect(long.parseValue(-7)).toBe(-7);
    expect(long.serialize(-(2n ** 63n))).toBe('-9223372036854775808');
  });

  it('refuses values it cannot hold exactly, naming the problem', () => {
    expect(() => parseLong(2 ** 53 + 2)).toThrow(/send values of 2\^53 or more as strings/);
    expect(() => parseLong(1.5)).toThrow(/non-integer/);
    expect(() => parseLong('12a')).toThrow(/expected digits/);
    expect(() => parseLong((2n ** 63n).toString())).toThrow(/outside the 64-bit range/);
    expect(() => long.parseLiteral(literal('1.5'), {})).toThrow(/FloatValue|literal/);
    expect(() => serializeLong('x')).toThrow(TypeError);
  });
});

describe('DateTime and Decimal', () => {
  it('passes REST date-times through unchanged and refuses other text', () => {
    const dateTime = scalar('DateTime');
    expect(dateTime.serialize('2024-05-01T12:00:00.123+02:00')).toBe('2024-05-01T12:00:00.123+02:00');
    expect(dateTime.parseValue('2024-05-01T12:00:00Z')).toBe('2024-05-01T12:00:00Z');
    expect(() => dateTime.parseValue('yesterday')).toThrow(/RFC 3339/);
  });

  it('refuses date-times of the usual shape whose day, hour or second does not exist', () => {
    const dateTime = scalar('DateTime');
    expect(dateTime.serialize('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00Z');
    expect(dateTime.serialize('2000-02-29T23:59:59.999999-14:00')).toBe('2000-02-29T23:59:59.999999-14:00');
    for (const impossible of [
      '2023-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T12:00:60Z',
      '2024-05-01T12:00:00+24:00',
    ])
      expect(() => dateTime.serialize(impossible), impossible).toThrow(/RFC 3339/);
    // Lower-case designators are RFC 3339 too: graphql-scalars decides those.
    expect(dateTime.serialize('2024-05-01t12:00:00z')).toBe('2024-05-01t12:00:00z');
  });

  it('keeps decimal amounts exact: a string out, whatever REST sent; strings or numbers in', () => {
    const decimal = scalar('Decimal');
    expect(decimal.serialize(12.5)).toBe('12.5');
    expect(decimal.serialize(new LosslessNumber('853.80'))).toBe('853.80');
    expect(decimal.serialize(new LosslessNumber('1.5E+2'))).toBe('150');
    expect(
      decimal.serialize((parseJson('{"a":0.1000000000000000055511151231257827}') as { a: unknown }).a),
    ).toBe('0.1000000000000000055511151231257827');
    // structuredClone (idempotent replays) keeps the digits though not the class.
    expect(decimal.serialize(structuredClone(new LosslessNumber('10.10')))).toBe('10.10');
    expect(String(decimal.parseValue('12.50'))).toBe('12.50');
    expect(String(decimal.parseValue('0.10000000000000000001'))).toBe('0.10000000000000000001');
    expect(String(decimal.parseValue(0.1))).toBe('0.1');
    expect(String(decimal.parseValue(1e21))).toBe('1000000000000000000000');
    expect(String(decimal.parseLiteral(literal('19.990'), {}))).toBe('19.990');
    expect(String(decimal.parseLiteral(literal('"19.990"'), {}))).toBe('19.990');
    expect(stringifyJson({ amount: decimal.parseValue('19.990') })).toBe('{"amount":19.990}');
    expect(() => decimal.parseValue('1,5')).toThrow(/Decimal cannot represent/);
    expect(() => decimal.parseValue('1e5')).not.toThrow();
    expect(() => decimal.parseValue(Number.NaN)).toThrow(/Decimal cannot represent/);
    expect(() => decimal.parseValue('9'.repeat(100))).toThrow(/too long/);
  });
});

describe('client types, published', () => {
  it('has one for every custom scalar, and each description names its one wire type', () => {
    const custom = Object.values(schema.getTypeMap()).filter(
      (t): t is GraphQLScalarType =>
        graphql.isScalarType(t) && !graphql.specifiedScalarTypes.some((s) => s.name === t.name),
    );
    expect(Object.keys(clientScalars).sort()).toEqual(custom.map((t) => t.name).sort());
    for (const type of custom) {
      expect(type.description, type.name).toContain('Wire type:');
      const output = clientScalars[type.name as keyof typeof clientScalars].output;
      if (output === 'string') expect(type.description, type.name).toContain('Wire type: a JSON string');
    }
  });
});
