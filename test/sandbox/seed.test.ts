// The sandbox's demo data: deterministic, complete (every state), valid against the model schemas
// (as stored: link fields hold ids), referentially intact, and coherent where the life cycles
// depend on it.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources, resourceOf, schemas, type JsonSchema } from '../../src/catalog';
import { Store, type StoredObject } from '../../src/sandbox/store';
import { TEST_CARDS, isLuhnValid, seedStore, type SeedSummary } from '../../src/sandbox/seed';

const INT32 = 2 ** 31;
const DOCUMENT = 'seed-openapi.json';

function dump(store: Store): Record<string, StoredObject[]> {
  return Object.fromEntries(store.models().map((model) => [model, store.list(model)]));
}

/** Component schemas that forbid unknown properties, plus one `Stored<Model>` per resource whose link fields hold ids. */
function storedSchemaDocument(): object {
  const components: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    components[name] = schema.properties ? { ...schema, additionalProperties: false } : schema;
  }
  for (const resource of resources) {
    const base = components[resource.model];
    const properties = { ...base.properties };
    for (const link of resource.links) {
      properties[link.field] = link.many
        ? { type: 'array', items: { type: 'integer' } }
        : { type: 'integer' };
    }
    components[`Stored${resource.model}`] = { ...base, properties };
  }
  return { components: { schemas: components } };
}

function createAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats.default(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('byte', { type: 'string', validate: (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) });
  ajv.addSchema(storedSchemaDocument(), DOCUMENT);
  return ajv;
}

function sum(values: number[]): number {
  return Math.round(values.reduce((a, b) => a + b, 0) * 1e6) / 1e6;
}

let store: Store;
let summary: SeedSummary;

beforeAll(() => {
  store = new Store();
  summary = seedStore(store, 1);
});

describe('seedStore determinism', () => {
  it('gives byte-identical data for the same seed and different data for another seed', () => {
    const again = new Store();
    const againSummary = seedStore(again, 1);
    expect(JSON.stringify(dump(again))).toBe(JSON.stringify(dump(store)));
    expect(againSummary).toEqual(summary);
    const other = new Store();
    seedStore(other, 2);
    expect(JSON.stringify(other.list('Transaction'))).not.toBe(JSON.stringify(store.list('Transaction')));
  });

  it('depends on `now` only through the time stamps it derives from it', () => {
    const later = new Store();
    seedStore(later, 1, new Date('2026-06-01T00:00:00Z'));
    expect(later.count('Transaction')).toBe(store.count('Transaction'));
    const newest = later.list('Transaction').map((t) => Date.parse(t.createdOn as string));
    expect(Math.max(...newest)).toBeLessThan(Date.parse('2026-06-01T00:00:00Z'));
  });
});

describe('seed contents', () => {
  it('creates the promised numbers of objects, most in the first space', () => {
    expect(summary.accounts).toHaveLength(2);
    expect(summary.spaces).toHaveLength(3);
    expect(store.count('Customer')).toBe(200);
    expect(store.count('Transaction')).toBe(2000);
    expect(store.count('Subscription')).toBe(100);
    const [first, ...others] = summary.spaces;
    const inSpace = (model: string, space: number) =>
      store.list(model).filter((o) => o.linkedSpaceId === space).length;
    for (const other of others) {
      expect(inSpace('Transaction', first)).toBeGreaterThan(inSpace('Transaction', other));
      expect(inSpace('Customer', first)).toBeGreaterThan(inSpace('Customer', other));
    }
    expect(store.count('RestCountry')).toBeGreaterThan(240);
    expect(store.count('RestCurrency')).toBeGreaterThan(150);
    expect(store.get('RestCountry', 'CH')).toMatchObject({
      isoCode3: 'CHE',
      numericCode: '756',
      name: 'Switzerland',
    });
    expect(store.get('RestCurrency', 'JPY')).toMatchObject({ fractionDigits: 0, numericCode: 392 });
    expect(store.get('RestLanguage', 'de-CH')).toMatchObject({ iso2Code: 'de', countryCode: 'CH' });
    expect(store.get('RestCountryState', 'US-CA')).toMatchObject({ countryCode: 'US', code: 'CA' });
  });

  it('has a parent and a child account, and active spaces spread over both', () => {
    const [parent, child] = summary.accounts.map((id) => store.get('Account', id)!);
    expect(child.parentAccount).toBe(parent.id);
    const owners = new Set(summary.spaces.map((id) => store.get('Space', id)!.account));
    expect(owners).toEqual(new Set(summary.accounts));
    for (const id of summary.spaces) expect(store.get('Space', id)!.state).toBe('ACTIVE');
  });

  it('covers every transaction state and every subscription state, with samples per space', () => {
    for (const [model, enumName] of [
      ['Transaction', 'TransactionState'],
      ['Subscription', 'SubscriptionState'],
    ]) {
      const present = new Set(store.list(model).map((o) => o.state));
      expect([...present].sort()).toEqual([...(schemas[enumName].enum ?? [])].sort());
    }
    for (const space of summary.spaces) {
      const samples = summary.perSpace[space].sampleTransactionIds;
      expect(Object.keys(samples).sort()).toEqual([...(schemas.TransactionState.enum ?? [])].sort());
      for (const [state, id] of Object.entries(samples))
        expect(store.get('Transaction', id, space)?.state).toBe(state);
    }
  });

  it('names ids in the summary that exist in their space', () => {
    for (const space of summary.spaces) {
      const s = summary.perSpace[space];
      expect(
        store.get('PaymentMethodConfiguration', s.cardPaymentMethodConfigurationId, space),
      ).toBeDefined();
      const connector = store.get('PaymentConnectorConfiguration', s.paymentConnectorConfigurationId, space)!;
      expect(connector.paymentMethodConfiguration).toBe(s.cardPaymentMethodConfigurationId);
      for (const [model, ids] of [
        ['Customer', s.customerIds],
        ['Token', s.tokenIds],
        ['Subscription', s.subscriptionIds],
      ] as const) {
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(store.get(model, id, space)).toBeDefined();
      }
    }
  });

  it('publishes Luhn-valid, distinct test cards', () => {
    expect(summary.testCards).toEqual(TEST_CARDS);
    const numbers = Object.values(TEST_CARDS);
    expect(new Set(numbers).size).toBe(4);
    for (const number of numbers) expect(isLuhnValid(number)).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
  });
});

describe('seed validity', () => {
  let ajv: Ajv;
  beforeAll(() => {
    ajv = createAjv();
  });

  it('stores every object of every model in the shape of its schema, with no invented field', () => {
    const problems: string[] = [];
    for (const model of store.models()) {
      const validate = ajv.getSchema(`${DOCUMENT}#/components/schemas/Stored${model}`) as ValidateFunction;
      expect(validate, `no schema for ${model}`).toBeDefined();
      for (const object of store.list(model)) {
        const valid: boolean = validate(object);
        if (!valid)
          problems.push(`${model} ${String(object.id)}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
        if (problems.length > 10) break;
      }
    }
    expect(problems).toEqual([]);
  });

  it('resolves every link and id reference, in the same space when the target is space-scoped', () => {
    const problems: string[] = [];
    for (const resource of resources) {
      for (const object of store.list(resource.model)) {
        const space = store.spaceOf(resource.model, object[resource.key.field] as number) ?? null;
        if (
          resource.spaceScoped &&
          schemas[resource.model].properties?.linkedSpaceId &&
          object.linkedSpaceId !== space
        )
          problems.push(`${resource.model} ${String(object.id)} linkedSpaceId`);
        for (const link of [...resource.links, ...resource.references]) {
          const value = object[link.field];
          if (value === undefined) continue;
          const target = resourceOf(link.model);
          for (const id of Array.isArray(value) ? value : [value]) {
            const found = store.get(link.model, id as number, target.spaceScoped ? space : undefined);
            if (!found || (target.spaceScoped && store.spaceOf(link.model, id as number) !== space)) {
              problems.push(
                `${resource.model} ${String(object.id)}.${link.field} -> ${link.model} ${String(id)}`,
              );
            }
          }
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('creates objects in time order: ids rise with createdOn', () => {
    const stamped = store
      .models()
      .flatMap((model) => store.list(model))
      .filter((o) => typeof o.id === 'number' && typeof o.createdOn === 'string')
      .sort((a, b) => (a.id as number) - (b.id as number));
    for (let i = 1; i < stamped.length; i++) {
      expect(
        Date.parse(stamped[i].createdOn as string),
        `id ${String(stamped[i].id)}`,
      ).toBeGreaterThanOrEqual(Date.parse(stamped[i - 1].createdOn as string));
    }
    expect(Date.parse(stamped.at(-1)!.createdOn as string)).toBeLessThan(Date.parse('2026-01-01T00:00:00Z'));
  });
});

describe('seed coherence', () => {
  const byTransaction = (model: string, field = 'linkedTransaction') => {
    const map = new Map<number, StoredObject[]>();
    for (const o of store.list(model))
      map.set(o[field] as number, [...(map.get(o[field] as number) ?? []), o]);
    return map;
  };

  it('gives transactions line items that add up, and amounts that follow from their processes', () => {
    const completions = byTransaction('TransactionCompletion');
    const voids = byTransaction('TransactionVoid');
    const refunds = byTransaction('Refund', 'transaction');
    const invoices = byTransaction('TransactionInvoice');
    const declinedKinds = new Set<string>();
    for (const tx of store.list('Transaction')) {
      const items = tx.lineItems as StoredObject[];
      expect(sum(items.map((i) => i.amountIncludingTax as number))).toBe(tx.authorizationAmount);
      const done = (completions.get(tx.id) ?? []).filter((c) => c.state === 'SUCCESSFUL');
      expect(sum(done.map((c) => c.amount as number))).toBe(tx.completedAmount);
      // DECLINE follows either a declined card (nothing completed) or a not-suitable delivery.
      const wasCompleted =
        tx.state === 'COMPLETED' || tx.state === 'FULFILL' || (tx.state === 'DECLINE' && done.length > 0);
      if (tx.state === 'DECLINE') declinedKinds.add(wasCompleted ? 'delivery' : 'card');
      if (wasCompleted) {
        expect(tx.completedAmount).toBe(tx.authorizationAmount);
        expect(done.filter((c) => c.lastCompletion)).toHaveLength(1);
        expect(tx.completedOn).toBeDefined();
      } else {
        expect(done.every((c) => !c.lastCompletion)).toBe(true);
        expect(refunds.get(tx.id) ?? []).toHaveLength(0);
        expect(invoices.get(tx.id) ?? []).toHaveLength(0);
      }
      const txVoids = voids.get(tx.id) ?? [];
      expect(txVoids.some((v) => v.state === 'SUCCESSFUL')).toBe(tx.state === 'VOIDED');
      const txRefunds = refunds.get(tx.id) ?? [];
      const claimed = txRefunds.filter((r) => r.state !== 'FAILED').map((r) => r.amount as number);
      expect(sum(claimed)).toBeLessThanOrEqual(tx.completedAmount as number);
      expect(sum(txRefunds.filter((r) => r.state === 'SUCCESSFUL').map((r) => r.amount as number))).toBe(
        tx.refundedAmount,
      );
      if (wasCompleted || tx.state === 'AUTHORIZED' || tx.state === 'VOIDED')
        expect(tx.authorizedOn).toBeDefined();
      if (tx.state === 'FAILED' || tx.state === 'DECLINE') expect(tx.failureReason).toBeDefined();
    }
    expect(declinedKinds).toEqual(new Set(['card', 'delivery']));
  });

  it('starts dunning only for overdue invoices and ties every invoice state to its amounts', () => {
    for (const invoice of store.list('TransactionInvoice')) {
      expect(invoice.outstandingAmount).toBe(invoice.state === 'PAID' ? 0 : invoice.amount);
    }
    for (const dunning of store.list('DunningCase')) {
      const invoice = store.get('TransactionInvoice', dunning.initialInvoice as number)!;
      expect(invoice.state).toBe('OVERDUE');
      expect(invoice.linkedTransaction).toBe(dunning.linkedTransaction);
    }
    expect(store.count('DunningCase')).toBeGreaterThan(0);
  });

  it('gives each customer one default address and each token exactly one ACTIVE version', () => {
    const addresses = byTransaction('CustomerAddress', 'customer');
    for (const customer of store.list('Customer')) {
      expect((addresses.get(customer.id) ?? []).filter((a) => a.defaultAddress)).toHaveLength(1);
    }
    const versions = byTransaction('TokenVersion', 'token');
    for (const token of store.list('Token')) {
      expect((versions.get(token.id) ?? []).filter((v) => v.state === 'ACTIVE')).toHaveLength(1);
    }
  });

  it('gives running subscriptions one ACTIVE version and pays successful charges by completed transactions', () => {
    const versions = byTransaction('SubscriptionVersion', 'subscription');
    for (const subscription of store.list('Subscription')) {
      const active = (versions.get(subscription.id) ?? []).filter((v) => v.state === 'ACTIVE');
      expect(active).toHaveLength(
        ['ACTIVE', 'SUSPENDED', 'TERMINATION_SCHEDULED'].includes(subscription.state as string) ? 1 : 0,
      );
    }
    for (const charge of store.list('SubscriptionCharge')) {
      const tx = charge.transaction === undefined ? undefined : store.get('Transaction', charge.transaction);
      if (charge.state === 'SUCCESSFUL') expect(tx?.state).toBe('FULFILL');
      if (charge.state === 'FAILED') expect(tx?.state).toBe('FAILED');
      if (charge.state === 'SCHEDULED') expect(tx).toBeUndefined();
    }
  });
});
