// Read scenarios over one collection: a page with links, lookups by id, a search, a deep page, an export.
import { anyId, meshSpace, space } from './helpers';
import type { Scenario } from './types';

const PAGE_FIELDS = `restId state currency authorizationAmount createdOn
  token { restId state customerEmailAddress }
  paymentConnectorConfiguration { restId name connector { restId name { value } } }`;

export const pageWithLinks: Scenario = {
  name: 'page',
  title: 'a page of 20 transactions with links',
  paygraph: [
    {
      query: `query Page($space: ID!) { space(id: $space) { transactions(first: 20) { nodes { ${PAGE_FIELDS} } } } }`,
      variables: space,
    },
  ],
  mesh: [
    {
      query: `query Page($space: BigInt!) { listTransactions(space: $space, limit: 20, order: ASC, expand: ["paymentConnectorConfiguration.connector", "token"]) {
        ... on TransactionListResponse { data { id state currency authorizationAmount createdOn
          token { id state customerEmailAddress } paymentConnectorConfiguration { id name connector { id name } } } } } }`,
      variables: meshSpace,
    },
  ],
  minimum: (rest, f) =>
    rest.get('/payment/transactions', {
      space: f.space,
      query: { limit: 20, order: 'ASC', expand: ['paymentConnectorConfiguration.connector', 'token'] },
    }),
};

export const nodesMixed: Scenario = {
  name: 'nodes',
  title: '`nodes` of 50 mixed ids',
  paygraph: [
    {
      query: `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id
        ... on Transaction { restId transactionState: state currency }
        ... on Refund { restId refundState: state amount }
        ... on Customer { restId emailAddress }
      } }`,
      variables: (f) => ({ ids: f.nodeGlobalIds }),
    },
  ],
  mesh: [
    {
      // Mesh has no `nodes`: a team writes one aliased retrieval per id.
      query: (f) => {
        const get = (field: string, type: string, fields: string) => (id: number) =>
          `${field}_${id}: ${field}(space: $space, id: ${id}) { ... on ${type} { id ${fields} } }`;
        const fields = [
          ...f.nodeIds.transactions.map(get('getTransaction', 'Transaction', 'state currency')),
          ...f.nodeIds.refunds.map(get('getRefund', 'Refund', 'state amount')),
          ...f.nodeIds.customers.map(get('getCustomer', 'Customer', 'emailAddress')),
        ];
        return `query Nodes($space: BigInt!) { ${fields.join('\n')} }`;
      },
      variables: meshSpace,
    },
  ],
  minimum: (rest, f) => {
    const search = (path: string, ids: number[]) =>
      rest.get(path, { space: f.space, query: { query: anyId(ids), limit: ids.length } });
    return Promise.all([
      search('/payment/transactions/search', f.nodeIds.transactions),
      search('/payment/refunds/search', f.nodeIds.refunds),
      search('/customers/search', f.nodeIds.customers),
    ]);
  },
};

export const filteredSearch: Scenario = {
  name: 'search',
  title: '50 transactions by state, sorted',
  paygraph: [
    {
      query: `query Search($space: ID!) { space(id: $space) {
        transactions(first: 50, filter: { state: { in: [FULFILL, COMPLETED] } }, orderBy: [{ field: AUTHORIZATION_AMOUNT, direction: DESC }]) {
          nodes { restId state currency authorizationAmount createdOn } } } }`,
      variables: space,
    },
  ],
  mesh: [
    {
      query: `query Search($space: BigInt!) { searchTransactions(space: $space, limit: 50, order: "authorizationAmount:DESC id:ASC",
        query: "state:FULFILL OR state:COMPLETED") { ... on TransactionSearchResponse { data { id state currency authorizationAmount createdOn } } } }`,
      variables: meshSpace,
    },
  ],
  minimum: (rest, f) =>
    rest.get('/payment/transactions/search', {
      space: f.space,
      query: {
        limit: 50,
        order: 'authorizationAmount:DESC id:ASC',
        query: 'state:FULFILL OR state:COMPLETED',
      },
    }),
};

const DEEP_OFFSET = 1300;
export const deepPage: Scenario = {
  name: 'deep-page',
  title: `a page of 100 at offset ${DEEP_OFFSET} (the last of the seed's 1,400)`,
  note:
    'The default seed holds 1,400 transactions in the first space, so no walk past offset 10,000 is possible on it ' +
    '(`paygraph sandbox --seed-size large` holds 140,000, but seeding it takes minutes, too long for a fresh sandbox per contender and round); ' +
    `this asks the page of 100 at offset ${DEEP_OFFSET} (paygraph: the cursor after ${DEEP_OFFSET} rows, read once per process before measuring).`,
  preparePaygraph: async (graph, f) => {
    let after: string | null = null;
    for (let read = 0; read < DEEP_OFFSET; read += 100) {
      const data = await graph(
        `query Walk($space: ID!, $after: String) { space(id: $space) { transactions(first: 100, after: $after) { pageInfo { endCursor } } } }`,
        { space: String(f.space), after },
      );
      after = (data.space as { transactions: { pageInfo: { endCursor: string } } }).transactions.pageInfo
        .endCursor;
    }
    return { after };
  },
  paygraph: [
    {
      query: `query DeepPage($space: ID!, $after: String) { space(id: $space) { transactions(first: 100, after: $after) {
        nodes { restId state currency authorizationAmount } } } }`,
      variables: (f, _previous, prepared) => ({ space: String(f.space), after: prepared.after }),
    },
  ],
  mesh: [
    {
      query: `query DeepPage($space: BigInt!) { searchTransactions(space: $space, limit: 100, offset: ${DEEP_OFFSET}, order: "id:ASC") {
        ... on TransactionSearchResponse { data { id state currency authorizationAmount } } } }`,
      variables: meshSpace,
    },
  ],
  minimum: (rest, f) =>
    rest.get('/payment/transactions/search', {
      space: f.space,
      query: { limit: 100, offset: DEEP_OFFSET, order: 'id:ASC' },
    }),
};

export const csvExport: Scenario = {
  name: 'export',
  title: 'a CSV export of 500 transactions',
  paygraph: [
    {
      query: `query Export($space: ID!) { space(id: $space) {
        transactionExport(columns: [ID, STATE, CURRENCY, AUTHORIZATION_AMOUNT, CREATED_ON], limit: 500) { csv } } }`,
      variables: space,
    },
  ],
  mesh: [
    {
      query: `query Export($space: BigInt!) { exportTransactions(space: $space, limit: 500,
        fields: ["id", "state", "currency", "authorizationAmount", "createdOn"]) { ... on File_container { File } } }`,
      variables: meshSpace,
    },
  ],
  minimum: (rest, f) =>
    rest.get('/payment/transactions/export', {
      space: f.space,
      query: { limit: 500, fields: ['id', 'state', 'currency', 'authorizationAmount', 'createdOn'] },
    }),
};
