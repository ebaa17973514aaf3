// A transaction of the world's first space, made and authorized through the graph with the
// approving test card: what tests of actions on payments start from.
import { expect } from 'vitest';
import type { TestWorld } from '../../support/world';

export async function authorizedTransaction(
  f: Pick<TestWorld, 'graph' | 'space' | 'sandbox'>,
): Promise<string> {
  const created = await f.graph(
    `mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) { ... on CreateTransactionPayload { transaction { id } } } }`,
    {
      input: {
        space: String(f.space),
        currency: 'CHF',
        completionBehavior: 'COMPLETE_DEFERRED',
        lineItems: [{ uniqueId: 'a', name: 'Tea', quantity: 2, amountIncludingTax: 12, type: 'PRODUCT' }],
      },
    },
  );
  const id = created.data.createTransaction.transaction.id as string;
  const processed = await f.graph(
    `mutation ($input: ProcessTransactionCardDetailsInput!) { processTransactionCardDetails(input: $input) {
      ... on ProcessTransactionCardDetailsPayload { transaction { state } } } }`,
    {
      input: {
        id,
        paymentMethodConfiguration: String(
          f.sandbox.seedSummary.perSpace[f.space].cardPaymentMethodConfigurationId,
        ),
        cardData: {
          primaryAccountNumber: f.sandbox.seedSummary.testCards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    },
  );
  expect(processed.data.processTransactionCardDetails.transaction.state).toBe('AUTHORIZED');
  return id;
}
