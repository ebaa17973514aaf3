// The variables the cost step and compiled execution see: from an operation's second run on coerced by
// graphql-jit's parser compiled for it, always equal to graphql-js's coercion, graphql-js deciding
// every refusal.
import { getOperationAST, getVariableValues, parse, type OperationDefinitionNode } from 'graphql';
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { schema } from '../../src/schema';
import { coerceVariables } from '../../src/server/execution/variable-coercion';
import { jitModule } from '../../src/server/execution/jit-module';

const operationOf = (source: string) => getOperationAST(parse(source)) as OperationDefinitionNode;

const checkout = operationOf(`mutation Create($input: CreateTransactionInput!, $first: Int = 7) {
  createTransaction(input: $input) { __typename } }`);
const bulk = operationOf(
  `mutation Bulk($input: CreateCustomersInput!) { createCustomers(input: $input) { __typename } }`,
);
const filtered = operationOf(
  `query Filtered($f: TransactionFilter) { transactions(first: 1, filter: $f) { __typename } }`,
);

const transaction = {
  space: '405',
  currency: 'CHF',
  completionBehavior: 'COMPLETE_DEFERRED',
  allowedPaymentMethodBrands: '17',
  lineItems: [
    { uniqueId: 'a', name: 'A', quantity: 1, amountIncludingTax: '249.50', type: 'PRODUCT' },
    {
      uniqueId: 'b',
      name: 'B',
      quantity: '0.5',
      amountIncludingTax: 0.1,
      type: 'SHIPPING',
      attributes: { x: 1 },
    },
  ],
};
const customers = Array.from({ length: 250 }, (_, i) => ({
  givenName: `G${i}`,
  emailAddress: `g${i}@example.com`,
}));

const byGraphqlJs = (operation: OperationDefinitionNode, variables: Record<string, unknown>) =>
  getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });

describe('variables coerced for the cost step and compiled execution', () => {
  it("equal graphql-js's coercion on every run, compiled or not", async () => {
    const cases: [OperationDefinitionNode, Record<string, unknown>][] = [
      [checkout, { input: transaction }],
      [bulk, { input: { space: '405', customers } }],
      [filtered, { f: { and: [{ state: { eq: 'FULFILL' } }, { not: { id: { gt: '9007199254740993' } } }] } }],
    ];
    coerceVariables(schema, checkout, { input: transaction });
    await vi.waitFor(() => expect(jitModule()).toBeDefined());
    for (let run = 0; run < 3; run++) {
      for (const [operation, variables] of cases) {
        const expected = byGraphqlJs(operation, variables);
        expect(expected.errors).toBeUndefined();
        expect(coerceVariables(schema, operation, variables)).toEqual({
          values: expected.coerced,
          valid: true,
        });
      }
    }
  });

  it('refuses what graphql-js refuses, on every run, handing the variables on as given', async () => {
    await vi.waitFor(() => expect(jitModule()).toBeDefined());
    const wrong: [OperationDefinitionNode, Record<string, unknown>][] = [
      [checkout, { input: { ...transaction, currency: 7 } }],
      [checkout, { input: { ...transaction, completionBehavior: 'SOMETIMES' } }],
      [checkout, { input: transaction, first: 2 ** 31 }],
      [
        checkout,
        {
          input: {
            ...transaction,
            lineItems: [{ ...transaction.lineItems[0], amountIncludingTax: Number.POSITIVE_INFINITY }],
          },
        },
      ],
      [bulk, { input: { space: '405', customers: [...customers, { givenName: ['x'] }] } }],
      [bulk, { input: { customers } }],
      [bulk, { input: { space: '405', customers: [{ givenName: 'x', nickname: 'y' }] } }],
      [checkout, { input: { ...transaction, space: null } }],
      [
        checkout,
        { input: { ...transaction, lineItems: [{ ...transaction.lineItems[0], name: undefined }] } },
      ],
      [bulk, {}],
    ];
    for (let run = 0; run < 3; run++) {
      for (const [at, [operation, variables]] of wrong.entries()) {
        expect(byGraphqlJs(operation, variables).errors?.length).toBe(1);
        const coerced = coerceVariables(schema, operation, variables);
        expect({ run, at, valid: coerced.valid }).toEqual({ run, at, valid: false });
        expect(coerced.values).toBe(variables);
      }
    }
  });

  it("loads graphql-jit under tsx too (npm run dev, the tests' child processes), not only in the bundle", () => {
    const script =
      "const m = await import('./src/server/execution/jit.ts'); console.log(Object.keys(m).sort().join(','));";
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('compileVariableParsing,createJit');
  });
});
