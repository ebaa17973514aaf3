// The request body validator of the write path: what it refuses and with which path and message,
// across real operations of openapi.json; property-style checks over every operation with a body;
// and parity with the sandbox, which refuses the same bodies over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, operations } from '../../src/catalog';
import { createRestClient, RestHttpError, type OperationId, type RestClient } from '../../src/rest';
import {
  MAX_PROBLEMS,
  requestBodySchema,
  validateAgainst,
  validateRequestBody,
} from '../../src/resolvers/writes/validate';
import { startSandbox } from '../../src/sandbox/index';
import { sampleValue } from './sample-body';

const paths = (problems: { path: string }[]) => problems.map((p) => p.path);
const messageAt = (problems: { path: string; message: string }[], path: string) =>
  problems.find((p) => p.path === path)?.message;
const metaData = (keys: number, value = 'v') =>
  Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key${i}`, value]));
const lineItem = (over: Record<string, unknown> = {}) => ({
  name: 'Shirt',
  quantity: 2,
  amountIncludingTax: 40,
  type: 'PRODUCT',
  uniqueId: 'shirt',
  ...over,
});

describe('schema checks', () => {
  it('a valid customer create body has no problem', () => {
    expect(
      validateRequestBody('createCustomer', {
        givenName: 'Ada',
        emailAddress: 'ada@example.com',
        preferredCurrency: 'CHF',
        language: 'de-CH',
        metaData: { crm: '42' },
      }),
    ).toEqual([]);
  });

  it('names every missing required property, nested ones by their path', () => {
    const problems = validateRequestBody('createTransaction', {
      currency: 'EUR',
      lineItems: [{ name: 'Shirt', type: 'PRODUCT' }],
    });
    expect(paths(problems)).toEqual([
      'lineItems[0].quantity',
      'lineItems[0].amountIncludingTax',
      'lineItems[0].uniqueId',
    ]);
    expect(messageAt(problems, 'lineItems[0].quantity')).toBe('is required.');
    expect(paths(validateRequestBody('createRefund', { transaction: 1, amount: 5 }))).toEqual([
      'externalId',
      'type',
    ]);
    expect(paths(validateRequestBody('updateCustomer', { givenName: 'Ada' }))).toEqual(['version']);
  });

  it('checks types: integer is a whole number or a bigint, within int32/int64', () => {
    const problems = validateRequestBody('updateCustomer', {
      version: 1.5,
      givenName: 7,
      emailAddress: null,
    });
    expect(messageAt(problems, 'version')).toBe('must be a whole number, not 1.5.');
    expect(messageAt(problems, 'givenName')).toBe('must be a string, not a number.');
    expect(messageAt(problems, 'emailAddress')).toMatch(/not null/);
    expect(messageAt(validateRequestBody('updateCustomer', { version: 2 ** 31 }), 'version')).toMatch(
      /out of range for int32/,
    );
    expect(
      validateRequestBody('createRefund', {
        externalId: 'r',
        type: 'MERCHANT_INITIATED_ONLINE',
        transaction: 2n ** 60n,
        amount: 1,
      }),
    ).toEqual([]);
    expect(messageAt(validateRequestBody('deleteCustomersBulk', [1, 2n ** 63n]), '[1]')).toMatch(
      /out of range for int64/,
    );
    expect(messageAt(validateRequestBody('deleteCustomersBulk', [2 ** 60]), '[0]')).toMatch(
      /too large to be exact/,
    );
    expect(messageAt(validateRequestBody('createCustomer', []), '')).toBe('must be an object, not an array.');
  });

  it("counts a string's length in characters: an emoji is one, however many UTF-16 units it takes", () => {
    const schema = { type: 'string', minLength: 2, maxLength: 3 };
    expect(validateAgainst(schema, '😀é😀', 'name')).toEqual([]);
    expect(validateAgainst(schema, '😀😀😀😀', 'name')).toEqual([
      { path: 'name', message: 'is 4 characters long; at most 3 are allowed.' },
    ]);
    expect(validateAgainst(schema, '😀', 'name')).toEqual([
      { path: 'name', message: 'is 1 characters long; at least 2 are required.' },
    ]);
    // A lone surrogate is a character of its own.
    expect(validateAgainst(schema, '\ud83d\ud83d\ud83d\ud83d', 'name')).toHaveLength(1);
  });

  it('checks date and date-time strings', () => {
    expect(
      validateRequestBody('suspendSubscription', { plannedEndDate: '2026-03-01T10:00:00+01:00' }),
    ).toEqual([]);
    expect(
      messageAt(
        validateRequestBody('suspendSubscription', { plannedEndDate: '2026-02-30T10:00:00Z' }),
        'plannedEndDate',
      ),
    ).toMatch(/is not a date-time; use RFC 3339/);
    expect(paths(validateRequestBody('suspendSubscription', { plannedEndDate: '2026-03-01' }))).toEqual([
      'plannedEndDate',
    ]);
    const address = (dateOfBirth: string) => ({
      currency: 'CHF',
      lineItems: [lineItem()],
      billingAddress: { dateOfBirth },
    });
    expect(validateRequestBody('createTransaction', address('1990-02-28'))).toEqual([]);
    expect(paths(validateRequestBody('createTransaction', address('1990-02-29')))).toEqual([
      'billingAddress.dateOfBirth',
    ]);
  });

  it('refuses values outside an enum and names the allowed ones', () => {
    const problems = validateRequestBody('createRefund', {
      externalId: 'r',
      type: 'EVERYTHING',
      transaction: 1,
      amount: 1,
    });
    expect(problems).toEqual([
      {
        path: 'type',
        message:
          '"EVERYTHING" is not a RefundType; allowed: MERCHANT_INITIATED_ONLINE, MERCHANT_INITIATED_OFFLINE, CUSTOMER_INITIATED_AUTOMATIC, CUSTOMER_INITIATED_MANUAL.',
      },
    ]);
  });

  it('refuses unknown and read-only properties', () => {
    const problems = validateRequestBody('createCustomer', { givenName: 'Ada', nickname: 'A' });
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('nickname');
    expect(problems[0].message).toMatch(
      /^is not a field of CustomerCreate; allowed: metaData, emailAddress, /,
    );
    const readOnly = validateRequestBody('createPaymentConnectorConfiguration', {
      paymentMethodConfiguration: 1,
      connector: 1,
      processorConfiguration: 1,
      state: 'ACTIVE',
      enabledSalesChannels: [{ id: 5 }],
    });
    expect(readOnly).toEqual([
      {
        path: 'enabledSalesChannels[0].id',
        message: 'is read-only: the REST API sets it and does not accept it.',
      },
    ]);
  });

  it('refuses keys that name Object.prototype members as unknown fields', () => {
    const body = JSON.parse('{"constructor": 1, "__proto__": {"x": 1}, "toString": "x"}') as unknown;
    expect(paths(validateRequestBody('createCustomer', body))).toEqual([
      'constructor',
      '__proto__',
      'toString',
    ]);
  });

  it('refuses repeated items of a uniqueItems list', () => {
    const body = {
      currency: 'CHF',
      lineItems: [
        lineItem({
          taxes: [
            { rate: 8.1, title: 'VAT' },
            { title: 'VAT', rate: 8.1 },
          ],
        }),
      ],
    };
    expect(validateRequestBody('createTransaction', body)).toEqual([
      {
        path: 'lineItems[0].taxes[1]',
        message: 'repeats lineItems[0].taxes[0] ({"title":"VAT","rate":8.1}); items must be unique.',
      },
    ]);
  });

  it('checks the items of bulk bodies, with the id bulk updates carry', () => {
    expect(
      paths(
        validateRequestBody(
          'createCustomersBulk',
          [{ givenName: 'A' }, { language: 'klingon' }],
          'customers',
        ),
      ),
    ).toEqual(['customers[1].language']);
    expect(validateRequestBody('updateCustomersBulk', [{ id: 1, version: 1, givenName: 'A' }])).toEqual([]);
    expect(
      paths(validateRequestBody('updateCustomersBulk', [{ version: 1 }, { id: 2, version: 1, nick: 'x' }])),
    ).toEqual(['[0].id', '[1].nick']);
    expect(requestBodySchema('updateCustomersBulk')?.items?.required).toEqual(['version', 'id']);
  });

  it('validates against any schema with validateAgainst, under the given path', () => {
    expect(
      validateAgainst({ $ref: '#/components/schemas/AddressCreate' }, { country: 5 }, 'billingAddress'),
    ).toEqual([{ path: 'billingAddress.country', message: 'must be a string, not a number.' }]);
  });

  it('knows which operations take a body', () => {
    expect(validateRequestBody('completeTransactionOnline', undefined)).toEqual([]);
    expect(validateRequestBody('completeTransactionOnline', {})).toEqual([
      { path: '', message: 'completeTransactionOnline takes no request body.' },
    ]);
    expect(validateRequestBody('createCustomer', undefined, 'input')).toEqual([
      { path: 'input', message: 'is required: the operation needs a request body.' },
    ]);
    expect(() => validateRequestBody('noSuchOperation', {})).toThrow('unknown REST operation');
  });

  it('caps the list at 50 problems and never echoes more than ~60 characters of a value', () => {
    const problems = validateRequestBody(
      'deleteCustomersBulk',
      Array.from({ length: 80 }, () => 'x'.repeat(500)),
    );
    expect(problems).toHaveLength(MAX_PROBLEMS);
    const enumProblem = validateRequestBody('createRefund', {
      externalId: 'r',
      type: 'Y'.repeat(5000),
      transaction: 1,
      amount: 1,
    });
    expect(enumProblem[0].message.length).toBeLessThan(250);
    expect(enumProblem[0].message).toContain('…');
  });
});

describe('REST rules beyond the schema', () => {
  it('metaData: at most 25 keys, names up to 40 characters, values up to 512', () => {
    expect(validateRequestBody('createCustomer', { metaData: metaData(25, 'v'.repeat(512)) })).toEqual([]);
    expect(validateRequestBody('createCustomer', { metaData: metaData(26) })).toEqual([
      { path: 'metaData', message: 'has 26 keys; at most 25 are allowed.' },
    ]);
    const long = validateRequestBody('updateCustomer', {
      version: 1,
      metaData: { ['k'.repeat(41)]: 'v', ok: 'v'.repeat(513) },
    });
    expect(long).toEqual([
      { path: `metaData.${'k'.repeat(41)}`, message: 'key is 41 characters long; at most 40 are allowed.' },
      { path: 'metaData.ok', message: 'value is 513 characters long; at most 512 are allowed.' },
    ]);
    expect(
      paths(
        validateRequestBody('createTransaction', {
          currency: 'CHF',
          lineItems: [lineItem()],
          metaData: metaData(30),
        }),
      ),
    ).toEqual(['metaData']);
    expect(messageAt(validateRequestBody('createCustomer', { metaData: { a: 1 } }), 'metaData.a')).toBe(
      'must be a string, not a number.',
    );
  });

  it('amounts and quantities are never negative; line item quantities are positive; tax rates are percentages', () => {
    expect(
      messageAt(
        validateRequestBody('createRefund', {
          externalId: 'r',
          type: 'MERCHANT_INITIATED_ONLINE',
          transaction: 1,
          amount: -5,
        }),
        'amount',
      ),
    ).toBe('must be greater than 0, not -5.');
    const reductions = [{ lineItemUniqueId: 'a', quantityReduction: -1, unitPriceReduction: -0.5 }];
    expect(
      paths(
        validateRequestBody('createRefund', {
          externalId: 'r',
          type: 'MERCHANT_INITIATED_ONLINE',
          transaction: 1,
          reductions,
        }),
      ),
    ).toEqual(['reductions[0].quantityReduction', 'reductions[0].unitPriceReduction']);
    const items = [lineItem({ quantity: 0, discountIncludingTax: -1, taxes: [{ rate: 120, title: 'VAT' }] })];
    expect(validateRequestBody('createTransaction', { currency: 'CHF', lineItems: items })).toEqual([
      { path: 'lineItems[0].quantity', message: 'must be greater than 0, not 0.' },
      {
        path: 'lineItems[0].discountIncludingTax',
        message: 'must not be negative (-1); 0 or more is allowed.',
      },
      { path: 'lineItems[0].taxes[0].rate', message: 'must be a percentage from 0 to 100, not 120.' },
    ]);
    expect(
      paths(
        validateRequestBody('completeTransactionPartiallyOnline', {
          lineItems: [{ uniqueId: 'a', amount: 5, quantity: -1 }],
        }),
      ),
    ).toEqual(['lineItems[0].quantity']);
    const usage = { metric: 1, subscription: 1, externalId: 'u', consumedUnits: 0n };
    expect(
      messageAt(validateRequestBody('createSubscriptionMetricUsageReport', usage), 'consumedUnits'),
    ).toBe('must be greater than 0, not 0.');
  });

  it('discount lines may be negative, the total of the line items may not', () => {
    const discount = lineItem({
      type: 'DISCOUNT',
      uniqueId: 'promo',
      name: 'Promo',
      quantity: 1,
      amountIncludingTax: -10,
    });
    expect(
      validateRequestBody('createTransaction', { currency: 'CHF', lineItems: [lineItem(), discount] }),
    ).toEqual([]);
    expect(
      validateRequestBody('completeTransactionPartiallyOnline', {
        lineItems: [{ uniqueId: 'promo', amount: -10, quantity: 1 }],
      }),
    ).toEqual([]);
    const tooMuch = lineItem({
      type: 'DISCOUNT',
      uniqueId: 'promo',
      name: 'Promo',
      quantity: 1,
      amountIncludingTax: -50,
    });
    expect(
      validateRequestBody('createTransaction', { currency: 'CHF', lineItems: [lineItem(), tooMuch] }),
    ).toEqual([
      {
        path: 'lineItems',
        message: 'amountIncludingTax of the line items adds up to -10; the total must not be negative.',
      },
    ]);
  });

  it('line items: at least one, named, each uniqueId once (completions too)', () => {
    expect(
      messageAt(validateRequestBody('createTransaction', { currency: 'CHF', lineItems: [] }), 'lineItems'),
    ).toBe('must list at least one line item.');
    const twice = [lineItem(), lineItem({ name: '  ' })];
    expect(validateRequestBody('updateTransaction', { version: 3, lineItems: twice })).toEqual([
      { path: 'lineItems[1].name', message: 'must not be empty.' },
      { path: 'lineItems[1].uniqueId', message: '"shirt" is used by lineItems[0] too; each line item once.' },
    ]);
    const completion = {
      lineItems: [
        { uniqueId: 'a', amount: 1, quantity: 1 },
        { uniqueId: 'a', amount: 1, quantity: 1 },
      ],
    };
    expect(paths(validateRequestBody('completeTransactionPartiallyOffline', completion))).toEqual([
      'lineItems[1].uniqueId',
    ]);
  });

  it('fields some bodies need beyond the schema: a refund names its transaction and amount, a transaction its currency', () => {
    expect(
      validateRequestBody('createRefund', { externalId: 'r', type: 'MERCHANT_INITIATED_ONLINE' }),
    ).toEqual([
      {
        path: 'transaction',
        message:
          'is required unless completion is given: a refund names the transaction (or the completion) it refunds.',
      },
      {
        path: 'amount',
        message:
          'is required unless reductions is given: a refund gives its amount or the line item reductions it adds up from.',
      },
    ]);
    expect(
      validateRequestBody('createRefund', {
        externalId: 'r',
        type: 'MERCHANT_INITIATED_ONLINE',
        completion: 4,
        reductions: [],
      }),
    ).toHaveLength(1);
    // A partial completion naming no line items completes the rest, as REST does.
    expect(validateRequestBody('completeTransactionPartiallyOnline', { externalId: 'c-1' })).toEqual([]);
    expect(paths(validateRequestBody('createTransaction', { lineItems: [lineItem()] }))).toEqual([
      'currency',
    ]);
    expect(validateRequestBody('updateTransaction', { version: 1, lineItems: [lineItem()] })).toEqual([]);
  });

  it('currency codes are ISO 4217, languages ISO 639-1 with an optional region', () => {
    const customer = (fields: Record<string, unknown>) => validateRequestBody('createCustomer', fields);
    expect(customer({ preferredCurrency: 'CHF', language: 'en' })).toEqual([]);
    expect(customer({ preferredCurrency: 'JPY', language: 'en-US' })).toEqual([]);
    expect(messageAt(customer({ preferredCurrency: 'XYZ' }), 'preferredCurrency')).toBe(
      '"XYZ" is not an ISO 4217 currency code; use the upper-case code, e.g. CHF, EUR or USD.',
    );
    for (const bad of ['english', 'zz', 'en_US', 'en-us', 'EN'])
      expect(paths(customer({ language: bad }))).toEqual(['language']);
    expect(paths(validateRequestBody('updateSpace', { version: 1, primaryCurrency: 'EURO' }))).toEqual([
      'primaryCurrency',
    ]);
    expect(
      paths(validateRequestBody('createTransaction', { currency: 'Swiss francs', lineItems: [lineItem()] })),
    ).toEqual(['currency']);
  });
});

const bodyOperations = operations.filter((op) => op.requestBody).map((op) => op.operationId);

describe('every operation with a request body (property-style)', () => {
  it('there are such operations', () => expect(bodyOperations.length).toBeGreaterThan(40));

  it.each(bodyOperations)('%s: the minimal body built from its schema validates clean', (operationId) => {
    expect(validateRequestBody(operationId, sampleValue(requestBodySchema(operationId)!, 'minimal'))).toEqual(
      [],
    );
  });

  it.each(bodyOperations)('%s: the body with every writable property validates clean', (operationId) => {
    expect(validateRequestBody(operationId, sampleValue(requestBodySchema(operationId)!, 'full'))).toEqual(
      [],
    );
  });

  it.each(bodyOperations)(
    '%s: leaving out any required property, or adding an unknown one, is named by its path',
    (operationId) => {
      const schema = requestBodySchema(operationId)!;
      const body = sampleValue(schema, 'minimal');
      const target = (Array.isArray(body) ? body[0] : body) as Record<string, unknown>;
      const prefix = Array.isArray(body) ? '[0].' : '';
      const objectSchema = deref(Array.isArray(body) ? schema.items! : schema);
      for (const required of objectSchema.required ?? []) {
        const { [required]: _left, ...rest } = target;
        const changed = Array.isArray(body) ? [rest] : rest;
        expect(paths(validateRequestBody(operationId, changed)), required).toContain(`${prefix}${required}`);
      }
      if (typeof target === 'object') {
        const extra = { ...target, notAField: 1 };
        expect(paths(validateRequestBody(operationId, Array.isArray(body) ? [extra] : extra))).toEqual([
          `${prefix}notAField`,
        ]);
      }
    },
  );
});

describe('parity with the sandbox: bodies REST refuses are refused before any call', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let rest: RestClient;
  let space: number;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    const user = sandbox.users[0];
    rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
    space = sandbox.spaces[0];
  });

  afterAll(async () => {
    await rest?.close();
    await sandbox?.close();
  });

  async function restRefusal(
    operationId: string,
    body: unknown,
  ): Promise<{ status: number; fields: string[] }> {
    const error = await rest.call(operationId as OperationId, { space, body }).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof RestHttpError))
      throw new Error(`${operationId} was not refused by REST: ${String(error)}`);
    return { status: error.status ?? 0, fields: Object.keys(error.errors) };
  }

  const refused: [string, string, unknown][] = [
    ['26 metaData keys', 'createCustomer', { givenName: 'Ada', metaData: metaData(26) }],
    ['a 41-character metaData key', 'createCustomer', { metaData: { ['k'.repeat(41)]: 'v' } }],
    [
      'a 513-character metaData value',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem()], metaData: { k: 'v'.repeat(513) } },
    ],
    [
      'an unknown enum value',
      'createRefund',
      { externalId: 'parity-1', type: 'EVERYTHING', transaction: 1, amount: 1 },
    ],
    [
      'a missing required property',
      'createRefund',
      { type: 'MERCHANT_INITIATED_ONLINE', transaction: 1, amount: 1 },
    ],
    [
      'a missing required line item property',
      'createTransaction',
      { currency: 'CHF', lineItems: [{ name: 'x', type: 'PRODUCT', uniqueId: 'x' }] },
    ],
    [
      'a string for a number',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem({ quantity: 'two' })] },
    ],
    ['an unknown currency', 'createTransaction', { currency: 'XYZ', lineItems: [lineItem()] }],
    ['no currency', 'createTransaction', { lineItems: [lineItem()] }],
    [
      'an unknown language',
      'createTransaction',
      { currency: 'CHF', language: 'zz', lineItems: [lineItem()] },
    ],
    ['a quantity of 0', 'createTransaction', { currency: 'CHF', lineItems: [lineItem({ quantity: 0 })] }],
    [
      'a tax rate over 100',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem({ taxes: [{ rate: 101, title: 'VAT' }] })] },
    ],
    [
      'line items adding up to less than 0',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem({ amountIncludingTax: -1 })] },
    ],
    [
      'a repeated line item uniqueId',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem(), lineItem()] },
    ],
    [
      'a refund naming no transaction',
      'createRefund',
      { externalId: 'parity-2', type: 'MERCHANT_INITIATED_ONLINE', amount: 1 },
    ],
    [
      'a bulk item with an unknown currency',
      'createCustomersBulk',
      [{ givenName: 'A' }, { preferredCurrency: 'XYZ' }],
    ],
    ['a bulk item with a bad language', 'createCustomersBulk', [{ language: 'en_US' }]],
    [
      'an unknown nested enum value',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem({ type: 'GIFT' })] },
    ],
    [
      'an invalid date',
      'createTransaction',
      { currency: 'CHF', lineItems: [lineItem()], billingAddress: { dateOfBirth: '1990-13-01' } },
    ],
  ];

  it.each(refused)(
    '%s: REST refuses it (400/422) and validateRequestBody names the same fields',
    async (_what, operationId, body) => {
      const ours = paths(validateRequestBody(operationId, body));
      expect(ours.length).toBeGreaterThan(0);
      const theirs = await restRefusal(operationId, body);
      expect([400, 422]).toContain(theirs.status);
      for (const field of theirs.fields) expect(ours).toContain(field);
    },
  );

  const accepted: [string, string, unknown][] = [
    ['the minimal customer', 'createCustomer', sampleValue(requestBodySchema('createCustomer')!, 'minimal')],
    [
      'the minimal transaction',
      'createTransaction',
      sampleValue(requestBodySchema('createTransaction')!, 'minimal'),
    ],
    [
      'the minimal bulk of customers',
      'createCustomersBulk',
      sampleValue(requestBodySchema('createCustomersBulk')!, 'minimal'),
    ],
    [
      'metaData at its limits',
      'createCustomer',
      { metaData: { ...metaData(24, 'v'.repeat(512)), ['k'.repeat(40)]: 'v' } },
    ],
    [
      'a discount line',
      'createTransaction',
      {
        currency: 'CHF',
        lineItems: [lineItem(), lineItem({ type: 'DISCOUNT', uniqueId: 'd', amountIncludingTax: -40 })],
      },
    ],
    [
      'languages with a region',
      'createCustomersBulk',
      [{ language: 'en-US', preferredCurrency: 'USD' }, { language: 'de' }],
    ],
    [
      'a language and currency on a transaction',
      'createTransaction',
      { currency: 'JPY', language: 'fr-CH', lineItems: [lineItem()] },
    ],
  ];

  it.each(accepted)('%s: validateRequestBody and REST both accept it', async (_what, operationId, body) => {
    expect(validateRequestBody(operationId, body)).toEqual([]);
    await expect(rest.call(operationId as OperationId, { space, body })).resolves.toBeDefined();
  });
});
