// Shapes of the filter and order inputs, and what the resolvers receive from collection arguments.
import { describe, expect, it } from 'vitest';
import type { GraphQLEnumType, GraphQLInputObjectType } from 'graphql';
import { resources } from '../../src/catalog';
import { schema } from '../../src/schema';
import { isPlainList } from '../../src/schema/collections';
import { toCollectionArgs } from '../../src/schema/connections';
import { cleanFilter } from '../../src/schema/filters';
import { constantCase } from '../../src/schema/naming';
import { sortableFields } from '../../src/schema/order';

// Everything with a paged collection or a REST search takes filter and orderBy.
const filterable = resources.filter((r) => r.ops.S || (r.ops.L && !isPlainList(r)));
const input = (name: string) => schema.getType(name) as GraphQLInputObjectType;
const fieldsOf = (name: string) =>
  Object.fromEntries(Object.values(input(name).getFields()).map((f) => [f.name, String(f.type)]));

describe('scalar filters', () => {
  it('offers the comparisons that fit each type', () => {
    const ordered = {
      eq: 'T',
      ne: 'T',
      lt: 'T',
      lte: 'T',
      gt: 'T',
      gte: 'T',
      in: '[T!]',
      notIn: '[T!]',
      isNull: 'Boolean',
    };
    const withType = (t: string) =>
      Object.fromEntries(Object.entries(ordered).map(([k, v]) => [k, v.replace('T', t)]));
    expect(fieldsOf('StringFilter')).toEqual({ ...withType('String'), contains: 'String' });
    for (const t of ['Int', 'Long', 'Decimal']) expect(fieldsOf(`${t}Filter`)).toEqual(withType(t));
    // Date-time fields compare with a date-time or a plain date (a whole day).
    expect(fieldsOf('DateTimeFilter')).toEqual(withType('DateOrDateTime'));
    expect(fieldsOf('IdFilter')).toEqual(withType('ID'));
    expect(fieldsOf('BooleanFilter')).toEqual({ eq: 'Boolean', ne: 'Boolean', isNull: 'Boolean' });
    expect(fieldsOf('TransactionStateFilter')).toEqual({
      eq: 'TransactionState',
      ne: 'TransactionState',
      in: '[TransactionState!]',
      notIn: '[TransactionState!]',
      isNull: 'Boolean',
    });
  });
});

describe('model filters', () => {
  it('uses REST names, typed leaf filters, nested filters for links, and and/or/not', () => {
    const transaction = fieldsOf('TransactionFilter');
    expect(transaction).toMatchObject({
      id: 'IdFilter',
      state: 'TransactionStateFilter',
      currency: 'StringFilter',
      authorizationAmount: 'DecimalFilter',
      createdOn: 'DateTimeFilter',
      version: 'IntFilter',
      chargeRetryEnabled: 'BooleanFilter',
      token: 'TokenFilter',
      paymentConnectorConfiguration: 'PaymentConnectorConfigurationFilter',
      linkedSpaceId: 'IdFilter',
      and: '[TransactionFilter!]',
      or: '[TransactionFilter!]',
      not: 'TransactionFilter',
    });
    expect(transaction.lineItems).toBeUndefined();
  });

  it('exists for every entity that can be filtered, with and/or/not', () => {
    for (const r of filterable)
      expect(fieldsOf(`${r.typeName}Filter`)).toMatchObject({ not: `${r.typeName}Filter` });
  });
});

describe('orders', () => {
  it('lists sortable scalar fields as CONSTANT_CASE values whose internal value is the REST name', () => {
    expect(fieldsOf('TransactionOrder')).toEqual({
      field: 'TransactionOrderField!',
      direction: 'OrderDirection',
    });
    expect(String(input('TransactionOrder').getFields().direction.defaultValue)).toBe('ASC');
    for (const r of filterable) {
      const values = (schema.getType(`${r.typeName}OrderField`) as GraphQLEnumType).getValues();
      expect(values.map((v) => v.value).sort()).toEqual(sortableFields(r.model).sort());
      for (const v of values) expect(v.name).toBe(constantCase(String(v.value)));
    }
    const createdOn = (schema.getType('TransactionOrderField') as GraphQLEnumType).getValue('CREATED_ON');
    expect(createdOn?.value).toBe('createdOn');
  });
});

describe('collection arguments', () => {
  it('accept page sizes 1 to 100 and refuse others with BAD_USER_INPUT naming the argument', () => {
    expect(toCollectionArgs({ first: 1 })).toEqual({ first: 1 });
    expect(toCollectionArgs({ last: 100, before: 'c' })).toEqual({ last: 100, before: 'c' });
    for (const [name, value] of [
      ['first', 0],
      ['first', 101],
      ['last', -1],
      ['first', 2.5],
    ] as const) {
      try {
        toCollectionArgs({ [name]: value });
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).toContain(`\`${name}\` must be between 1 and 100`);
        expect((error as { extensions: { code: string } }).extensions.code).toBe('BAD_USER_INPUT');
      }
    }
    expect(() => toCollectionArgs({ first: 5, last: 5 })).toThrow(/either `first` or `last`/);
  });

  it('hand the resolvers filters without explicit nulls, orders with a direction, and no blank query', () => {
    const args = toCollectionArgs({
      first: 10,
      filter: { state: { eq: 'FULFILL', ne: null }, token: null, or: [{ currency: { in: ['CHF'] } }] },
      orderBy: [
        { field: 'createdOn', direction: null },
        { field: 'id', direction: 'DESC' },
      ],
      query: '   ',
    });
    expect(args).toEqual({
      first: 10,
      filter: { state: { eq: 'FULFILL' }, or: [{ currency: { in: ['CHF'] } }] },
      orderBy: [
        { field: 'createdOn', direction: 'ASC' },
        { field: 'id', direction: 'DESC' },
      ],
    });
    expect(cleanFilter({ not: { isNull: true } })).toEqual({ not: { isNull: true } });
  });
});
