// The schema conventions client developers rely on (README "Schema conventions"): `id` is the global
// ID and only on Node types, no public name carries REST's `Rest` prefix, everything is documented,
// localized text is one LocalizedString shape.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import { undocumented } from './descriptions-missing';

// The schema is built with graphql-js's CommonJS build; inspect it with the same copy.
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const { isObjectType, isInterfaceType, isNonNullType, getNamedType } = graphql;

const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
const objects = types.filter((t) => isObjectType(t));

describe('schema conventions', () => {
  it('every object with a REST id has a global `id: ID!` (Node types, and embedded objects beside their restId); no other type has an `id`', () => {
    const node = schema.getType('Node');
    const offenders: string[] = [];
    for (const type of types) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      const fields = type.getFields();
      const id = fields.id;
      const isNode = type.name === 'Node' || type.getInterfaces().some((i) => i === node);
      // The export's rows hold only the columns asked for: their transaction is `restId` when ID is one.
      const hasRestId = 'restId' in fields && type.name !== 'TransactionExportRow';
      if (isNode || hasRestId) {
        if (!id || !isNonNullType(id.type) || getNamedType(id.type).name !== 'ID')
          offenders.push(`${type.name}: no id: ID!`);
      } else if (id) offenders.push(`${type.name}.id`);
    }
    expect(offenders).toEqual([]);
    expect(schema.getType('TransactionGroup')).toSatisfy(
      (t) => isObjectType(t) && !t.getInterfaces().some((i) => i === node),
    );
    expect(
      objects.filter((t) => isObjectType(t) && t.getInterfaces().some((i) => i === node)).length,
    ).toBeGreaterThan(50);
  });

  it('REST keys of objects without an endpoint are restId (TransactionGroup, FailureReason, PaymentTerminal, SubscriptionProduct)', () => {
    for (const name of ['TransactionGroup', 'FailureReason', 'PaymentTerminal', 'SubscriptionProduct']) {
      const type = schema.getType(name);
      if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
      expect(Object.keys(type.getFields())).toContain('restId');
    }
  });

  it('no public type name carries the REST `Rest` prefix', () => {
    expect(types.map((t) => t.name).filter((name) => /^Rest[A-Z]/.test(name))).toEqual([]);
    expect(schema.getType('CustomerEmailAddress')).toBeDefined();
    expect(schema.getType('AddressFormat')).toBeDefined();
  });

  it('every type, field, argument and input field has a description', () => {
    expect(undocumented(schema)).toEqual([]);
  });

  it('curated descriptions reach the fields users touch most', () => {
    const transaction = schema.getType('Transaction');
    if (!isObjectType(transaction)) throw new Error('Transaction is not an object type');
    const fields = transaction.getFields();
    expect(fields.authorizationAmount.description).toMatch(/amount to authorize/);
    expect(fields.state.description).toMatch(/payment stands/);
    expect(fields.customerId.description).toMatch(/customer/);
    expect(fields.currency.description).toMatch(/ISO 4217/);
  });

  it('localized maps of REST (language -> text) are LocalizedString fields, key-value metadata is not', () => {
    const fieldType = (type: string, field: string) => {
      const t = schema.getType(type);
      if (!isObjectType(t)) throw new Error(`${type} is not an object type`);
      return getNamedType(t.getFields()[field].type).name;
    };
    expect(fieldType('SubscriptionProductVersion', 'name')).toBe('LocalizedString');
    expect(fieldType('FailureReason', 'description')).toBe('LocalizedString');
    expect(fieldType('LegalOrganizationForm', 'shortcut')).toBe('LocalizedString');
    expect(fieldType('Transaction', 'metaData')).toBe('JSONObject');
  });

  it('integrationMode is an enum', () => {
    const transaction = schema.getType('Transaction');
    if (!isObjectType(transaction)) throw new Error('Transaction is not an object type');
    const arg = transaction
      .getFields()
      .paymentMethodConfigurations.args.find((a) => a.name === 'integrationMode');
    expect(arg && getNamedType(arg.type).name).toBe('TransactionUserInterfaceType');
  });
});
