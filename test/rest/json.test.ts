// Lossless JSON: integers at or above 2^53 become bigint and are written back digit for digit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../../src/rest/json';

describe('parseJson', () => {
  it('keeps safe numbers as numbers and turns unsafe integers into bigint', () => {
    const text = '{"a":9007199254740991,"b":9007199254740992,"c":9223372036854775807,"d":-9007199254740993,"e":12.5,"f":[1,"2"]}';
    expect(parseJson(text)).toEqual({
      a: 9007199254740991,
      b: 9007199254740992n,
      c: 9223372036854775807n,
      d: -9007199254740993n,
      e: 12.5,
      f: [1, '2'],
    });
  });

  it('fails loudly on a number that cannot be represented', () => {
    expect(() => parseJson('{"amount":1e400}')).toThrow(/cannot be represented/);
    expect(() => parseJson('[-2.5E+308]')).toThrow(/cannot be represented/);
  });

  it('gives the same values as JSON.parse whenever no integer reaches 2^53 (fast and slow paths agree)', () => {
    const safeJson = fc.jsonValue().filter((v) => !JSON.stringify(v).match(/\d{16}/));
    fc.assert(
      fc.property(safeJson, (value) => {
        const text = JSON.stringify(value);
        expect(parseJson(text)).toEqual(JSON.parse(text));
        // The same text with an unsafe integer appended goes down the lossless path.
        const wrapped = parseJson(`[${text},9007199254740993]`) as unknown[];
        expect(wrapped[0]).toEqual(JSON.parse(text));
        expect(wrapped[1]).toBe(9007199254740993n);
      }),
      { numRuns: 200 },
    );
  });

  it('is not fooled by digits or exponent-like text inside strings', () => {
    expect(parseJson('{"sku":"HOODIE-002","ref":"1234567890123456789","n":9007199254740993}')).toEqual({
      sku: 'HOODIE-002',
      ref: '1234567890123456789',
      n: 9007199254740993n,
    });
    expect(parseJson('{"code":"1e999"}')).toEqual({ code: '1e999' });
  });
});

describe('stringifyJson', () => {
  it('writes bigint exactly and Dates as ISO strings', () => {
    expect(stringifyJson({ id: 9223372036854775807n, at: new Date(0), n: 1 })).toBe(
      '{"id":9223372036854775807,"at":"1970-01-01T00:00:00.000Z","n":1}',
    );
  });
  it('round-trips big ids exactly', () => {
    const text = '{"id":18014398509481985,"list":[9007199254740993]}';
    expect(stringifyJson(parseJson(text))).toBe(text);
  });
  it('refuses NaN and Infinity instead of sending null', () => {
    expect(() => stringifyJson({ a: Number.NaN })).toThrow(/cannot send NaN/);
    expect(() => stringifyJson([Infinity])).toThrow(/cannot send Infinity/);
  });
});
