// The nested queries of the read-path suite, shared by the call-count tests and the benchmark.
// Each names the REST calls paygraph should make for it on the seeded sandbox.

export interface SuiteQuery {
  name: string;
  query: string;
  variables: (ids: SuiteIds) => Record<string, unknown>;
}

export interface SuiteIds {
  space: number;
  otherSpace: number;
  nodeIds: string[];
}

export const suite: SuiteQuery[] = [
  {
    name: 'list with links (depth 3)',
    query: `query($space: ID!) { space(id: $space) { transactions(first: 25) { nodes {
      restId state currency authorizationAmount
      token { restId state customerEmailAddress }
      paymentConnectorConfiguration { restId name connector { restId name paymentMethod { restId name } } }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  {
    name: 'links of links past depth 4',
    query: `query($space: ID!) { space(id: $space) {
      deliveryIndications(first: 20, filter: { completion: { lineItemVersion: { id: { isNull: false } } } }) { nodes {
        restId state
        completion { restId state lineItemVersion { restId transaction { restId state
          paymentConnectorConfiguration { restId name connector { restId name processor { restId name } } } } } }
      } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  {
    name: 'one-to-many under a list',
    query: `query($space: ID!) { space(id: $space) { transactions(first: 20) { nodes {
      restId
      completions(first: 3) { nodes { restId state amount } pageInfo { hasNextPage } }
      refunds(first: 3) { nodes { restId amount state } }
      comments(first: 2) { nodes { restId content } }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  {
    name: 'id references and identity-only links',
    query: `query($space: ID!) { space(id: $space) { transactionCompletions(first: 30) { nodes {
      restId linkedTransaction { restId state currency } lineItemVersion { id restId }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  {
    name: 'node lookups of mixed types',
    query: `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id
      ... on Transaction { restId state token { restId state } }
      ... on Refund { restId amount transaction { restId state } }
      ... on Customer { restId emailAddress }
      ... on Country { restId name }
    } }`,
    variables: (ids) => ({ ids: ids.nodeIds }),
  },
];
