// Write scenarios: a checkout of four mutations (each needs the transaction the first one made) and
// a bulk create of 250 customers. Every operation creates new objects; ids come from the answers.
import type { Fixture, GraphStep, MinimumRest, Scenario } from './types';

const CARD = { primaryAccountNumber: '4111111111111111', expiryDate: '2031-12', cardVerificationCode: '123' };
const LINE_ITEMS = [
  { uniqueId: 'espresso', name: 'Espresso machine', quantity: 1, amountIncludingTax: 249.5, type: 'PRODUCT' },
];
const TRANSACTION = { currency: 'CHF', completionBehavior: 'COMPLETE_DEFERRED', lineItems: LINE_ITEMS };
const REFUND_AMOUNT = 49.5;

let sequence = 0;
/** Refunds need an external id of their own. */
const externalId = () => `bench-${process.pid}-${Date.now()}-${++sequence}`;

/** The id at a dotted path of the previous step's data (it must be there: the step before succeeded). */
function idAt(data: Record<string, unknown>, path: string): string {
  let value: unknown = data;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new Error(`no id at ${path} of the previous answer`);
  return String(value);
}

const pgCheckout: GraphStep[] = [
  {
    query: `mutation Create($input: CreateTransactionInput!) { createTransaction(input: $input) {
      ... on CreateTransactionPayload { transaction { id restId state } } ... on MutationError { code message } } }`,
    variables: (f) => ({ input: { space: String(f.space), ...TRANSACTION } }),
  },
  {
    query: `mutation Process($input: ProcessTransactionCardDetailsInput!) { processTransactionCardDetails(input: $input) {
      ... on ProcessTransactionCardDetailsPayload { transaction { id state } } ... on MutationError { code message } } }`,
    variables: (f, previous) => ({
      input: {
        id: idAt(previous, 'createTransaction.transaction.id'),
        paymentMethodConfiguration: String(f.cardConfiguration),
        cardData: CARD,
      },
    }),
  },
  {
    query: `mutation Complete($input: CompleteTransactionOnlineInput!) { completeTransactionOnline(input: $input) {
      ... on CompleteTransactionOnlinePayload { transactionCompletion { id state amount linkedTransaction { id } } }
      ... on MutationError { code message } } }`,
    variables: (_f, previous) => ({
      input: { id: idAt(previous, 'processTransactionCardDetails.transaction.id') },
    }),
  },
  {
    query: `mutation Refund($input: CreateRefundInput!) { createRefund(input: $input) {
      ... on CreateRefundPayload { refund { id state amount } } ... on MutationError { code message } } }`,
    variables: (f, previous) => ({
      input: {
        space: String(f.space),
        transaction: idAt(previous, 'completeTransactionOnline.transactionCompletion.linkedTransaction.id'),
        externalId: externalId(),
        type: 'MERCHANT_INITIATED_ONLINE',
        amount: REFUND_AMOUNT,
      },
    }),
  },
];

const MESH_ERROR = '... on RestApiErrorResponse { message }';
const meshCheckout: GraphStep[] = [
  {
    query: `mutation Create($space: BigInt!, $input: TransactionCreate_Input) { createTransaction(space: $space, input: $input) {
      ... on Transaction { id state } ${MESH_ERROR} } }`,
    variables: (f) => ({ space: f.space, input: TRANSACTION }),
  },
  {
    query: `mutation Process($space: BigInt!, $id: BigInt!, $input: AuthenticatedCardRequest_Input) {
      processTransactionCardDetails(space: $space, id: $id, input: $input) { ... on Transaction { id state } ${MESH_ERROR} } }`,
    variables: (f, previous) => ({
      space: f.space,
      id: Number(idAt(previous, 'createTransaction.id')),
      input: { paymentMethodConfiguration: f.cardConfiguration, cardData: CARD },
    }),
  },
  {
    query: `mutation Complete($space: BigInt!, $id: BigInt!) { completeTransactionOnline(space: $space, id: $id) {
      ... on TransactionCompletion { id state amount linkedTransaction } ${MESH_ERROR} } }`,
    variables: (f, previous) => ({
      space: f.space,
      id: Number(idAt(previous, 'processTransactionCardDetails.id')),
    }),
  },
  {
    query: `mutation Refund($space: BigInt!, $input: RefundCreate_Input) { createRefund(space: $space, input: $input) {
      ... on Refund { id state amount } ${MESH_ERROR} } }`,
    variables: (f, previous) => ({
      space: f.space,
      input: {
        transaction: Number(idAt(previous, 'completeTransactionOnline.linkedTransaction')),
        externalId: externalId(),
        type: 'MERCHANT_INITIATED_ONLINE',
        amount: REFUND_AMOUNT,
      },
    }),
  },
];

async function minimumCheckout(rest: MinimumRest, f: Fixture): Promise<unknown> {
  const space = f.space;
  const created = (await rest.post('/payment/transactions', { space, body: TRANSACTION })) as { id: number };
  const base = `/payment/transactions/${created.id}`;
  await rest.post(`${base}/process-card-details`, {
    space,
    body: { paymentMethodConfiguration: f.cardConfiguration, cardData: CARD },
  });
  await rest.post(`${base}/complete-online`, { space });
  return rest.post('/payment/refunds', {
    space,
    body: {
      transaction: created.id,
      externalId: externalId(),
      type: 'MERCHANT_INITIATED_ONLINE',
      amount: REFUND_AMOUNT,
    },
  });
}

export const checkout: Scenario = {
  name: 'checkout',
  title:
    'a checkout: createTransaction, processTransactionCardDetails, completeTransactionOnline, createRefund',
  writes: true,
  paygraph: pgCheckout,
  mesh: meshCheckout,
  minimum: minimumCheckout,
};

const BULK_SIZE = 250;
/** Items per REST bulk call the sandbox accepts (its default, as the REST API's). */
const BULK_LIMIT = 100;
const customers = () =>
  Array.from({ length: BULK_SIZE }, (_, i) => ({
    givenName: `Bench${i}`,
    familyName: 'Bulk',
    emailAddress: `bench${i}@example.com`,
  }));
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BULK_LIMIT) }, (_, i) =>
    items.slice(i * BULK_LIMIT, (i + 1) * BULK_LIMIT),
  );

export const bulkCreate: Scenario = {
  name: 'bulk',
  title: `a bulk create of ${BULK_SIZE} customers`,
  writes: true,
  paygraph: [
    {
      query: `mutation Bulk($input: CreateCustomersInput!) { createCustomers(input: $input) {
        ... on CreateCustomersPayload { results { ... on CreateCustomerPayload { customer { id restId } } ... on MutationError { code message } } }
        ... on MutationError { code message } } }`,
      variables: (f) => ({ input: { space: String(f.space), customers: customers() } }),
    },
  ],
  // A team splits the items by hand: one aliased bulk call per 100 (mutation fields run one after another).
  mesh: [
    {
      query: `mutation Bulk($space: BigInt!, ${chunks(customers())
        .map((_, i) => `$chunk${i}: [CustomerCreate_Input]`)
        .join(', ')}) { ${chunks(customers())
        .map(
          (_, i) =>
            `chunk${i}: createCustomersBulk(space: $space, input: $chunk${i}) { ... on RestApiBulkOperationResult { id statusCode } }`,
        )
        .join('\n')} }`,
      variables: (f) => ({
        space: f.space,
        ...Object.fromEntries(chunks(customers()).map((c, i) => [`chunk${i}`, c])),
      }),
    },
  ],
  minimum: (rest, f) =>
    Promise.all(chunks(customers()).map((body) => rest.post('/customers/bulk', { space: f.space, body }))),
};
