// Lossless JSON: integers at or above 2^53 become bigint and are written back digit for digit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LosslessNumber, stringify as losslessStringify } from 'lossless-json';
import { decimalText, plainDecimal, sumDecimals } from '../../src/rest/decimal';
import { parseJson, stringifyJson } from '../../src/rest/json';

describe('parseJson', () => {
  it('keeps safe numbers as numbers and turns unsafe integers into bigint', () => {
    const text =
      '{"a":9007199254740991,"b":9007199254740992,"c":9223372036854775807,"d":-9007199254740993,"e":12.5,"f":[1,"2"]}';
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

// A JSON number as a REST written with decimals sends it: sign, digits, fraction (trailing zeros
// included), exponent sometimes.
const decimalTexts = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/)),
    fc.option(fc.stringMatching(/^[0-9]{1,24}$/)),
    fc.option(fc.integer({ min: -30, max: 30 })),
  )
  .map(
    ([negative, whole, fraction, exponent]) =>
      `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}${exponent === null ? '' : `e${exponent}`}`,
  )
  // An integer zero has no sign in JS: REST's -0 reads as 0 (the same decimal).
  .filter((text) => !/^-0(e|$)/.test(text));

describe('parseJson keeps every decimal REST sent exactly', () => {
  it('answers the very digits, whatever path the body takes', () => {
    fc.assert(
      fc.property(
        decimalTexts,
        // Each body shape with where its amount is (a path, not a search: other numbers may print the same).
        fc.constantFrom<[string, (string | number)[]]>(
          ['{"amount":%}', ['amount']],
          ['[1,%,"x"]', [1]],
          ['{"a":{"b":[%]},"d":"2025-01-01T12:00:00.150Z"}', ['a', 'b', 0]],
        ),
        (text, [shape, path]) => {
          const body = parseJson(shape.replace('%', text));
          const amount = path.reduce<unknown>(
            (at, step) => (at as Record<string | number, unknown>)[step],
            body,
          );
          expect(decimalText(amount)).toBe(plainDecimal(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps trailing zeros, exponents and digits past a double', () => {
    const body = parseJson(
      '{"a":853.80,"b":1.5E2,"c":0.1000000000000000055511151231257827,"d":0.0000001,"e":110.08,"f":12}',
    ) as Record<string, unknown>;
    expect(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, decimalText(v)]))).toEqual({
      a: '853.80',
      b: '150',
      c: '0.1000000000000000055511151231257827',
      d: '0.0000001',
      e: '110.08',
      f: '12',
    });
    // What prints back as REST wrote it stays a plain number (the common case, native speed).
    expect(body.e).toBe(110.08);
    expect(body.a).toBeInstanceOf(LosslessNumber);
  });

  it('keeps strings that look like its markers as they are (a string starting with NUL)', () => {
    expect(parseJson('{"note":"\\u0000853.80","amount":853.80,"id":9007199254740993}')).toEqual({
      note: '\u0000853.80',
      amount: new LosslessNumber('853.80'),
      id: 9007199254740993n,
    });
  });

  it('writes exact decimals back digit for digit', () => {
    expect(stringifyJson(parseJson('{"amount":853.80,"tiny":1e-7}'))).toBe('{"amount":853.80,"tiny":1e-7}');
    expect(stringifyJson({ amount: structuredClone(new LosslessNumber('0.10')) })).toBe('{"amount":0.10}');
  });

  it('adds decimals exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['10.005', '-20', '0.50'])).toBe('-9.495');
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
    expect(() => stringifyJson({ deep: { list: [1, Number.NEGATIVE_INFINITY] } })).toThrow(
      /cannot send -Infinity/,
    );
    expect(() => stringifyJson({ id: 2 ** 53 + 2 })).toThrow(/past 2\^53/);
  });
  it('writes plain bodies as the lossless writer does (JSON.stringify takes them), exotic ones exactly', () => {
    // Integers past 2^53 (16 digits, or an exponent) are refused on both paths (see above).
    const json = fc.jsonValue().filter((v) => !/\d{16}|e\+/.test(JSON.stringify(v)));
    const plain = fc.oneof(
      json,
      fc.dictionary(fc.string(), fc.oneof(fc.date({ noInvalidDate: true }), json)),
    );
    fc.assert(
      fc.property(plain, (value) => {
        expect(stringifyJson(value)).toBe(losslessStringify(value));
        expect(stringifyJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
    const nested = {
      items: [
        { amount: new LosslessNumber('853.80'), id: 9007199254740993n, at: new Date(0), note: undefined },
      ],
    };
    expect(stringifyJson(nested)).toBe(
      '{"items":[{"amount":853.80,"id":9007199254740993,"at":"1970-01-01T00:00:00.000Z"}]}',
    );
    expect(stringifyJson({ toJSON: () => ({ id: 12345678901234567890n }) })).toBe(
      '{"id":12345678901234567890}',
    );
  });
});
