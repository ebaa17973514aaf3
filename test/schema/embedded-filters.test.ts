// Typed filters on single embedded objects: one `<Embedded>Filter` per embedded schema, nested under
// the REST field name, arrays and maps left out, recursive schemas cut; translated to dotted names.
import type { GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { translateFilter } from '../../src/resolvers';
import { schema } from '../../src/schema';
import { hasConditions } from '../../src/schema/filters-embedded';
import type { PropertyShape } from '../../src/schema/shapes';

const input = (name: string) => schema.getType(name) as GraphQLInputObjectType | undefined;
const fieldsOf = (name: string) =>
  Object.fromEntries(Object.values(input(name)!.getFields()).map((f) => [f.name, String(f.type)]));

describe('embedded filter inputs', () => {
  it('nest single embedded objects under their REST names, one type per embedded schema', () => {
    expect(fieldsOf('TransactionFilter')).toMatchObject({
      billingAddress: 'AddressFilter',
      shippingAddress: 'AddressFilter',
      group: 'TransactionGroupFilter',
      failureReason: 'FailureReasonFilter',
    });
    expect(fieldsOf('TokenVersionFilter')).toMatchObject({ billingAddress: 'AddressFilter' });
    expect(fieldsOf('CustomerAddressFilter')).toMatchObject({ address: 'CustomerPostalAddressFilter' });
  });

  it('offer typed leaves, nested embedded objects and and/or/not inside', () => {
    expect(fieldsOf('AddressFilter')).toMatchObject({
      country: 'StringFilter',
      city: 'StringFilter',
      gender: 'GenderFilter',
      and: '[AddressFilter!]',
      or: '[AddressFilter!]',
      not: 'AddressFilter',
    });
    expect(fieldsOf('FailureReasonFilter')).toMatchObject({
      restId: 'LongFilter',
      category: 'FailureCategoryFilter',
    });
    expect(fieldsOf('FailureReasonFilter').name).toBeUndefined(); // a localized map
    expect(fieldsOf('PaymentTerminalFilter')).toMatchObject({
      configurationVersion: 'PaymentTerminalConfigurationVersionFilter',
    });
  });

  it('leave out arrays of embedded objects and maps', () => {
    const transaction = fieldsOf('TransactionFilter');
    expect(transaction.lineItems).toBeUndefined();
    expect(transaction.metaData).toBeUndefined();
    expect(input('LineItemFilter')).toBeUndefined();
  });
});

describe('the depth guard', () => {
  const str: PropertyShape = { name: 'name', shape: { kind: 'scalar', scalar: 'String' }, list: false };
  const obj = (name: string, model: string): PropertyShape => ({
    name,
    shape: { kind: 'object', model },
    list: false,
  });
  const leaf = (p: PropertyShape) => (p.shape.kind === 'scalar' ? ({} as never) : undefined);

  it('ends on recursive schemas, finding leaves through the cycle or none', () => {
    const facts: Record<string, PropertyShape[]> = {
      Loop: [obj('next', 'Loop')],
      A: [obj('b', 'B')],
      B: [obj('a', 'A'), str],
      C: [obj('d', 'D')],
      D: [obj('c', 'C')],
    };
    const props = (m: string) => facts[m];
    expect(hasConditions('Loop', leaf, props)).toBe(false);
    expect(hasConditions('A', leaf, props)).toBe(true);
    expect(hasConditions('B', leaf, props)).toBe(true);
    expect(hasConditions('C', leaf, props)).toBe(false);
  });
});

describe('translation of embedded filters', () => {
  it('prints dotted names, with logic inside the embedded filter', () => {
    expect(translateFilter({ billingAddress: { country: { eq: 'CH' } } }, 'Transaction')).toBe(
      'billingAddress.country:CH',
    );
    expect(translateFilter({ address: { city: { in: ['Bern', 'Basel'] } } }, 'CustomerAddress')).toBe(
      '(address.city:Bern OR address.city:Basel)',
    );
    expect(
      translateFilter({ shippingAddress: { not: { city: { contains: 'a) OR (id:*' } } } }, 'Transaction'),
    ).toBe('NOT (shippingAddress.city:~"a) OR (id:*")');
    expect(
      translateFilter({ terminal: { configurationVersion: { state: { eq: 'ACTIVE' } } } }, 'Transaction'),
    ).toBe('terminal.configurationVersion.state:ACTIVE');
    expect(
      translateFilter({ token: { customerId: { eq: 'c1' } }, group: { id: { gt: 3 } } }, 'Transaction'),
    ).toBe('(token.customerId:c1 AND group.id:>3)');
  });

  it('refuses what is not an embedded filter', () => {
    expect(() => translateFilter({ billingAddress: 'CH' }, 'Transaction')).toThrow(
      /filter billingAddress: expected an object/,
    );
    expect(() => translateFilter({ billingAddress: { 'x y': { eq: 1 } } }, 'Transaction')).toThrow(
      /not a field name/,
    );
    expect(() => translateFilter({ lineItems: { name: { eq: 'a' } } }, 'Transaction')).toThrow(
      /unknown condition "name"/,
    );
  });
});
