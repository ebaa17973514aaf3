import { describe, expect, it } from 'vitest';
import {
  SearchFieldError,
  SearchSyntaxError,
  compileQuery,
  compileSort,
  parseQuery,
  parseSortOrder,
  sortObjects,
  type FieldAccessor,
  type FieldResolver,
} from '../../src/sandbox/search';

type Obj = Record<string, unknown>;

const fields: Record<string, FieldAccessor> = {
  id: { type: 'integer', get: (o) => o.id },
  name: { type: 'string', get: (o) => o.name },
  amount: { type: 'number', get: (o) => o.amount },
  active: { type: 'boolean', get: (o) => o.active },
  createdOn: { type: 'date', get: (o) => o.createdOn },
  state: { type: 'enum', values: ['PENDING', 'AUTHORIZED', 'FAILED'], get: (o) => o.state },
  tags: { type: 'string', list: true, get: (o) => o.tags },
  brands: { type: 'integer', list: true, get: (o) => o.brands },
  'items.name': { type: 'string', get: (o) => (o.items as Obj[] | undefined)?.map((i) => i.name) },
};
const resolve: FieldResolver = (name) => fields[name];

const objects: Obj[] = [
  {
    id: 1,
    name: 'Blue Shirt',
    amount: 10.5,
    active: true,
    createdOn: '2024-05-01T10:00:00Z',
    state: 'PENDING',
    tags: ['vip', 'eu'],
    brands: [1, 2],
    items: [{ name: 'shirt' }, { name: 'Socks' }],
  },
  {
    id: 2,
    name: 'red shirt',
    amount: 99,
    active: false,
    createdOn: '2024-05-01T23:59:59.999Z',
    state: 'AUTHORIZED',
    tags: ['eu'],
    brands: [2],
    items: [],
  },
  {
    id: 3,
    name: 'Hat',
    amount: -1,
    active: true,
    createdOn: '2024-05-02T00:00:00Z',
    state: 'FAILED',
    tags: [],
    items: [{ name: 'Hat box' }],
  },
  { id: 4, name: null, amount: 0, createdOn: '2023-12-31T23:00:00-02:00', state: 'pending' },
];

const ids = (query: string): unknown[] =>
  objects.filter(compileQuery(parseQuery(query), resolve)).map((o) => o.id);

describe('compileQuery', () => {
  it('matches everything without a query', () => {
    expect(ids('')).toEqual([1, 2, 3, 4]);
    expect(compileQuery(null, resolve)({})).toBe(true);
  });

  it('compares strings case-insensitively for equality and orders them', () => {
    expect(ids('name:"blue shirt"')).toEqual([1]);
    expect(ids('name:HAT')).toEqual([3]);
    expect(ids('name:<c')).toEqual([1]);
    expect(ids('name:>=hat')).toEqual([2, 3]);
  });

  it('compares numbers numerically', () => {
    expect(ids('amount:>10')).toEqual([1, 2]);
    expect(ids('amount:<=0')).toEqual([3, 4]);
    expect(ids('amount:10.50')).toEqual([1]);
    expect(ids('amount:>=-1 amount:<1e1')).toEqual([3, 4]);
    expect(ids('id:2')).toEqual([2]);
  });

  it('compares booleans as true/false', () => {
    expect(ids('active:true')).toEqual([1, 3]);
    expect(ids('active:FALSE')).toEqual([2]);
    expect(ids('-active:true')).toEqual([2, 4]);
  });

  it('compares dates as instants at the precision written', () => {
    expect(ids('createdOn:2024-05-01')).toEqual([1, 2]);
    expect(ids('createdOn:<=2024-05-01')).toEqual([1, 2, 4]);
    expect(ids('createdOn:>2024-05-01')).toEqual([3]);
    expect(ids('createdOn:<2024-05-01T10:00:00Z')).toEqual([4]);
    expect(ids('createdOn:2024-05-01T10:00')).toEqual([1]);
    expect(ids('createdOn:2024-05-01T12:00:00+02:00')).toEqual([1]);
    expect(ids('createdOn:>=2024-01-01T01:00:00.000Z')).toEqual([1, 2, 3, 4]);
    expect(ids('createdOn:>=2024-01-01T01:00:00.001Z')).toEqual([1, 2, 3]);
  });

  it('compares enums case-insensitively', () => {
    expect(ids('state:pending')).toEqual([1, 4]);
    expect(ids('state:Authorized OR state:FAILED')).toEqual([2, 3]);
  });

  it('treats missing, null and empty-array values as NULL', () => {
    expect(ids('name:*')).toEqual([4]);
    expect(ids('active:*')).toEqual([4]);
    expect(ids('-tags:*')).toEqual([1, 2]);
    expect(ids('items.name:*')).toEqual([2, 4]);
    expect(ids('amount:<100 -name:*')).toEqual([1, 2, 3]);
  });

  it('contains: substrings for strings, elements for list fields, every listed value', () => {
    expect(ids('name:~SHIRT')).toEqual([1, 2]);
    expect(ids('name:~blue,shirt')).toEqual([1]);
    expect(ids('name:~"d s",t')).toEqual([2]);
    expect(ids('tags:~eu')).toEqual([1, 2]);
    expect(ids('tags:~VIP,eu')).toEqual([1]);
    expect(ids('tags:~v')).toEqual([]);
    expect(ids('brands:~2')).toEqual([1, 2]);
    expect(ids('brands:~1,2')).toEqual([1]);
    expect(ids('items.name:~box')).toEqual([3]);
    expect(ids('items.name:~shirt,sock')).toEqual([1]);
    expect(ids('state:~end')).toEqual([1, 4]);
  });

  it('matches a many-valued field when any element matches', () => {
    expect(ids('tags:VIP')).toEqual([1]);
    expect(ids('brands:>1')).toEqual([1, 2]);
    expect(ids('items.name:socks')).toEqual([1]);
  });

  it('combines with AND, OR, NOT and groups', () => {
    expect(ids('amount:>0 AND active:true OR state:failed')).toEqual([1, 3]);
    expect(ids('amount:>0 (active:false OR state:failed)')).toEqual([2]);
    expect(ids('NOT (state:pending OR name:hat)')).toEqual([2]);
    expect(ids('--state:pending')).toEqual([1, 4]);
  });

  it('answers long OR chains of equality like the plain terms would', () => {
    expect(ids('id:4 OR id:2 OR id:9 OR id:7 OR name:hat')).toEqual([2, 3, 4]);
    expect(ids('name:HAT OR name:"red shirt" OR name:x OR name:y')).toEqual([2, 3]);
    expect(ids('tags:EU OR tags:x OR tags:y OR tags:z')).toEqual([1, 2]);
    expect(ids('active:true OR active:true OR active:true OR active:true')).toEqual([1, 3]);
    expect(() => ids('id:1 OR id:2 OR id:3 OR id:x')).toThrow(SearchFieldError);
  });

  it('throws SearchFieldError up front for unknown fields and values of the wrong type', () => {
    const cases: [string, string, RegExp][] = [
      ['nope:1', 'nope', /Unknown search field 'nope'/],
      ['a:1 OR nope.deeper:*', 'nope.deeper', /Unknown/],
      ['amount:>abc', 'amount', /'abc' of field 'amount' is not a number/],
      ['amount:Infinity', 'amount', /not a number/],
      ['id:1.5', 'id', /not an integer/],
      ['active:yes', 'active', /not a boolean/],
      ['createdOn:>yesterday', 'createdOn', /not an ISO date/],
      ['createdOn:2024-02-30', 'createdOn', /not a valid date/],
      ['state:WAITING', 'state', /not one of PENDING, AUTHORIZED, FAILED/],
      ['brands:~1,x', 'brands', /not a number/],
    ];
    for (const [query, field, message] of cases) {
      const node = parseQuery(query);
      let error: unknown;
      try {
        compileQuery(node, (name) => (name === 'a' ? fields.id : fields[name]));
      } catch (e) {
        error = e;
      }
      expect(error, query).toBeInstanceOf(SearchFieldError);
      expect((error as SearchFieldError).field).toBe(field);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('reads stored values of a looser type', () => {
    const matches = compileQuery(parseQuery('amount:>5 active:true id:7'), resolve);
    expect(matches({ amount: '6', active: 'true', id: '7' })).toBe(true);
    expect(matches({ amount: 'x', active: true, id: 7 })).toBe(false);
  });
});

describe('parseSortOrder', () => {
  it('reads fields with optional directions', () => {
    expect(parseSortOrder('createdOn:DESC id')).toEqual([
      { name: 'createdOn', direction: 'DESC' },
      { name: 'id', direction: 'ASC' },
    ]);
    expect(parseSortOrder('  a:asc+b:Desc  c ')).toEqual([
      { name: 'a', direction: 'ASC' },
      { name: 'b', direction: 'DESC' },
      { name: 'c', direction: 'ASC' },
    ]);
    expect(parseSortOrder('transaction.createdOn')).toEqual([
      { name: 'transaction.createdOn', direction: 'ASC' },
    ]);
    expect(parseSortOrder('')).toEqual([]);
    expect(parseSortOrder(' + ')).toEqual([]);
  });

  it.each([
    ['id:UP', 3, /expected ASC or DESC after 'id:', found 'UP'/],
    ['id:', 3, /expected ASC or DESC after 'id:', found end of query/],
    ['a :DESC', 2, /expected a field name, found ':'/],
    ['a(b', 1, /expected ':ASC', ':DESC' or a space after field name 'a', found '\('/],
    ['id:DESC:ASC', 3, /found 'DESC:ASC'/],
  ])('%j fails at position %i', (text, position, message) => {
    let error: unknown;
    try {
      parseSortOrder(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SearchSyntaxError);
    expect((error as SearchSyntaxError).position).toBe(position);
    expect((error as Error).message).toMatch(message);
  });
});

describe('compileSort', () => {
  const sorted = (order: string): unknown[] =>
    [...objects].sort(compileSort(parseSortOrder(order), resolve)).map((o) => o.id);

  it('sorts numbers numerically, dates as instants, strings case-insensitively', () => {
    expect(sorted('amount')).toEqual([3, 4, 1, 2]);
    expect(sorted('amount:DESC')).toEqual([2, 1, 4, 3]);
    expect(sorted('createdOn:DESC')).toEqual([3, 2, 1, 4]);
    expect(sorted('name')).toEqual([4, 1, 3, 2]);
  });

  it('puts NULL first in ASC and last in DESC', () => {
    expect(sorted('active id')).toEqual([4, 2, 1, 3]);
    expect(sorted('active:DESC id')).toEqual([1, 3, 2, 4]);
  });

  it('breaks ties with the later keys', () => {
    expect(sorted('active id:DESC')).toEqual([4, 2, 3, 1]);
    // Strings equal but for case still order by code units, so the order is total.
    expect(sorted('state id:DESC')).toEqual([2, 3, 1, 4]);
    expect(sorted('tags:DESC amount')).toEqual([1, 2, 3, 4]);
  });

  it('rejects unknown fields', () => {
    expect(() => compileSort([{ name: 'nope', direction: 'ASC' }], resolve)).toThrow(SearchFieldError);
    expect(() => sortObjects(objects, [{ name: 'nope', direction: 'ASC' }], resolve)).toThrow(
      SearchFieldError,
    );
  });

  it('sortObjects orders like compileSort and applies the tie-break', () => {
    const byIdDesc = (a: Obj, b: Obj): number => Number(b.id) - Number(a.id);
    for (const order of ['amount', 'active', 'active:DESC', 'createdOn:DESC', 'name tags', 'state:DESC']) {
      const keys = parseSortOrder(order);
      const compare = compileSort(keys, resolve);
      const expected = [...objects].sort((a, b) => compare(a, b) || byIdDesc(a, b));
      expect(sortObjects(objects, keys, resolve, byIdDesc), order).toEqual(expected);
    }
    expect(sortObjects(objects, parseSortOrder('active'), resolve, byIdDesc).map((o) => o.id)).toEqual([
      4, 2, 3, 1,
    ]);
    expect(sortObjects(objects, [], resolve).map((o) => o.id)).toEqual([1, 2, 3, 4]);
  });
});
