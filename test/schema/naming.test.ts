// The contract's naming rules, asserted for every resource of the catalog (not a hand list).
import { describe, expect, it } from 'vitest';
import type { GraphQLEnumType, GraphQLField, GraphQLObjectType } from 'graphql';
import {
  graphTypeName,
  linkedSpaceField,
  refName,
  resources,
  schemas,
  type Resource,
} from '../../src/catalog';
import { schema } from '../../src/schema';
import { generatedExtras } from '../../src/schema/extras/generic';
import { isPlainList } from '../../src/schema/collections';
import { collectionField, plural, referencesOf, singularField } from '../../src/schema/naming';
import { propertiesOf } from '../../src/schema/shapes';

function object(name: string): GraphQLObjectType {
  const type = schema.getType(name) as GraphQLObjectType | undefined;
  if (!type || !('getInterfaces' in type)) throw new Error(`${name} is not an object type`);
  return type;
}

function field(type: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> {
  const f = type.getFields()[name];
  if (!f) throw new Error(`${type.name}.${name} is missing`);
  return f;
}

const typeOf = (type: GraphQLObjectType, name: string) => String(field(type, name).type);
const rootOf = (r: Resource) => (r.spaceScoped ? object('Space') : schema.getQueryType()!);

describe.each(resources.map((r) => [r.typeName, r] as const))('%s', (_name, resource) => {
  const type = object(resource.typeName);
  const props = propertiesOf(resource.model);
  const names = new Set(props.map((p) => p.name));

  it('implements Node with a global id and the REST key as restId', () => {
    expect(type.getInterfaces().map(String)).toEqual(['Node']);
    expect(typeOf(type, 'id')).toBe('ID!');
    expect(typeOf(type, 'restId')).toBe(resource.key.type === 'long' ? 'Long!' : 'String!');
  });

  it('has every REST property under its REST name (id as restId, references per the contract)', () => {
    const renamed = new Map(referencesOf(resource, (n) => names.has(n)).map((r) => [r.restField, r]));
    for (const p of props) {
      if (p.name === 'id') continue;
      const ref = renamed.get(p.name);
      expect(
        type.getFields()[ref && ref.rawField !== p.name ? ref.rawField : p.name],
        `${resource.typeName}.${p.name}`,
      ).toBeDefined();
    }
  });

  it('types link fields as the linked entity (a list where many)', () => {
    for (const link of resource.links) {
      const target = resources.find((r) => r.model === link.model)!.typeName;
      expect(typeOf(type, link.field)).toBe(link.many ? `[${target}!]` : target);
    }
  });

  it('exposes id references as links: `xId` -> `x`, else the REST name with the raw id as `<name>Id`', () => {
    const refs = [...resource.references];
    if (names.has(linkedSpaceField)) refs.push({ field: linkedSpaceField, model: 'Space', many: false });
    for (const ref of refs) {
      const target = resources.find((r) => r.model === ref.model)!.typeName;
      if (ref.field.endsWith('Id')) {
        expect(typeOf(type, ref.field.slice(0, -2))).toBe(target);
        expect(type.getFields()[ref.field]).toBeDefined();
      } else {
        expect(typeOf(type, ref.field)).toBe(target);
        expect(type.getFields()[`${ref.field}Id`]).toBeDefined();
      }
    }
  });

  it('has one-to-many children as connections named after the relation', () => {
    for (const relation of resource.children) {
      const child = resources.find((r) => r.model === relation.child)!.typeName;
      const f = field(type, relation.name);
      expect(String(f.type)).toBe(`${child}Connection`);
      expect(f.args.map((a) => a.name).sort()).toEqual([
        'after',
        'before',
        'filter',
        'first',
        'last',
        'orderBy',
        'query',
      ]);
    }
  });

  it('has its collection and lookup on Query (account-level) or Space (space-scoped)', () => {
    const root = rootOf(resource);
    const other = resource.spaceScoped ? schema.getQueryType()! : object('Space');
    const collection = collectionField(resource);
    expect(collection).toBe(plural(resource.fieldName));
    expect(other.getFields()[collection]).toBeUndefined();
    const list = field(root, collection);
    const args = list.args.map((a) => a.name);
    if (isPlainList(resource) && !resource.parent) {
      expect(String(list.type)).toBe(`[${resource.typeName}!]`);
      expect(args.sort()).toEqual(resource.ops.S ? ['filter', 'orderBy', 'query'] : []);
    } else {
      expect(String(list.type)).toBe(`${resource.typeName}Connection`);
      expect(args).toEqual(
        expect.arrayContaining(['first', 'after', 'last', 'before', 'filter', 'orderBy', 'query']),
      );
    }
    if (resource.parent)
      expect(String(list.args.find((a) => a.name === resource.parent!.pathParam)?.type)).toBe('ID!');
    if (args.includes('filter')) {
      expect(String(list.args.find((a) => a.name === 'filter')!.type)).toBe(`${resource.typeName}Filter`);
      expect(String(list.args.find((a) => a.name === 'orderBy')!.type)).toBe(`[${resource.typeName}Order!]`);
    }
    if (resource.ops.G) {
      const lookup = field(root, singularField(resource));
      expect(String(lookup.type)).toBe(resource.typeName);
      expect(String(lookup.args.find((a) => a.name === 'id')?.type)).toBe('ID!');
    }
  });
});

describe('enums and embedded types', () => {
  it('has every enum a REST property uses, and none that no field uses (SortingOrder)', () => {
    const used = new Set(
      Object.values(schemas).flatMap((s) =>
        Object.values(s.properties ?? {})
          .map((p) => refName(p.items ?? p))
          .filter((n): n is string => !!n),
      ),
    );
    const all = Object.entries(schemas).filter(([name, s]) => s.enum && used.has(name));
    expect(all.length).toBeGreaterThan(60);
    expect(schema.getType('SortingOrder')).toBeUndefined();
    for (const [name, s] of all) {
      const type = schema.getType(graphTypeName(name)) as GraphQLEnumType | undefined;
      expect(
        type
          ?.getValues()
          .map((v) => v.value)
          .sort(),
        name,
      ).toEqual([...s.enum!].sort());
    }
  });

  it('has every enum of the entity schemas as a GraphQL enum with the REST values', () => {
    const seen = new Set<string>();
    const visit = (model: string) => {
      for (const p of propertiesOf(model)) {
        if (p.shape.kind === 'enum') seen.add(p.shape.name);
        if (p.shape.kind === 'object' && !seen.has(p.shape.model)) {
          seen.add(p.shape.model);
          visit(p.shape.model);
        }
      }
    };
    resources.forEach((r) => visit(r.model));
    const enums = [...seen].filter((n) => schemas[n].enum);
    expect(enums.length).toBeGreaterThan(20);
    for (const name of enums) {
      const type = schema.getType(graphTypeName(name)) as GraphQLEnumType;
      expect(
        type
          .getValues()
          .map((v) => v.name)
          .sort(),
        name,
      ).toEqual([...schemas[name].enum!].sort());
    }
    for (const name of [...seen].filter((n) => !schemas[n].enum && !resources.some((r) => r.model === n))) {
      // REST names, except the REST key of an embedded object: `restId`, with a global `id` beside it.
      const restNames = Object.keys(schemas[name].properties ?? {}).flatMap((p) =>
        p === 'id' ? ['restId', 'id'] : [p],
      );
      expect(Object.keys(object(graphTypeName(name)).getFields()).sort(), name).toEqual(restNames.sort());
    }
  });
});

describe('read-only extras', () => {
  it('generates a field for every GET extra addressed by the object key alone', () => {
    const names = generatedExtras.map((e) => `${e.resource.typeName}.${e.name}`).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'Country.states',
        'Customer.emailAddresses',
        'ManualTask.notification',
        'Refund.document',
        'Token.activeVersion',
        'Transaction.chargeFlowPaymentPageUrl',
        'Transaction.checkTokenCreationPossible',
        'Transaction.credentials',
        'Transaction.iframeJavascriptUrl',
        'Transaction.invoiceDocument',
        'Transaction.latestLineItemVersion',
        'Transaction.lightboxJavascriptUrl',
        'Transaction.packingSlipDocument',
        'Transaction.paymentMethodConfigurations',
        'Transaction.paymentPageUrl',
        'Transaction.terminalReceipts',
        'TransactionInvoice.checkReplacementPossible',
        'TransactionInvoice.document',
      ]),
    );
    for (const e of generatedExtras)
      expect(object(e.resource.typeName).getFields()[e.name], e.name).toBeDefined();
    const transaction = object('Transaction');
    expect(typeOf(transaction, 'invoiceDocument')).toBe('RenderedDocument');
    expect(Object.keys(object('RenderedDocument').getFields())).toEqual(
      expect.arrayContaining(['data', 'mimeType', 'title']),
    );
    expect(field(transaction, 'terminalReceipts').args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual([
      'format: TerminalReceiptFormat!',
      'width: Int!',
    ]);
    expect(
      field(transaction, 'paymentMethodConfigurations').args.map((a) => `${a.name}: ${String(a.type)}`),
    ).toEqual(['integrationMode: TransactionUserInterfaceType!']);
    expect(typeOf(transaction, 'latestLineItemVersion')).toBe('TransactionLineItemVersion');
    expect(typeOf(object('Token'), 'activeVersion')).toBe('TokenVersion');
  });

  it('has the hand-written extras where they belong', () => {
    const query = schema.getQueryType()!;
    expect(typeOf(query, 'transactionByCredentials')).toBe('TransactionByCredentials');
    expect(Object.keys(object('TransactionByCredentials').getFields()).sort()).toEqual([
      'mobileSdkUrl',
      'oneClickTokens',
      'paymentMethodConfigurations',
      'transaction',
    ]);
    expect(typeOf(query, 'ibanLookup')).toBe('IbanDetails');
    expect(typeOf(object('Space'), 'transactionExport')).toBe('TransactionExport');
    expect(typeOf(object('TransactionExport'), 'rows')).toBe('[JSONObject!]!');
    expect(typeOf(object('SubscriptionContract'), 'invoices')).toBe('TransactionInvoiceConnection');
  });
});
