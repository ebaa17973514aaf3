// Read scenarios that nest: links past the expand depth, and children (one-to-many) under parents.
import { anyId, meshSpace, space, type Page } from './helpers';
import type { Scenario } from './types';

export const deepLinks: Scenario = {
  name: 'deep-links',
  title: 'links past depth 4 (20 delivery indications)',
  paygraph: [
    {
      query: `query Deep($space: ID!) { space(id: $space) {
        deliveryIndications(first: 20, filter: { completion: { lineItemVersion: { id: { isNull: false } } } }) { nodes {
          restId state
          completion { restId state lineItemVersion { restId transaction { restId state
            paymentConnectorConfiguration { restId name connector { restId name { value } processor { restId name { value } } } } } } }
        } } } }`,
      variables: space,
    },
  ],
  mesh: [
    {
      query: `query Deep($space: BigInt!) { searchDeliveryIndications(space: $space, limit: 20, order: "id:ASC",
        query: "NOT (completion.lineItemVersion.id:*)", expand: ["completion.lineItemVersion.transaction.paymentConnectorConfiguration"]) {
        ... on DeliveryIndicationSearchResponse { data { id state completion { id state lineItemVersion { id transaction { id state
          paymentConnectorConfiguration { id name connector { id withProcessor { ... on PaymentConnector { id name processor { id name } } } } } } } } } } } }`,
      variables: meshSpace,
    },
  ],
  // The fourth level is the most REST expands; the connectors and their processors are one search for all.
  minimum: async (rest, f) => {
    const page = (await rest.get('/payment/delivery-indications/search', {
      space: f.space,
      query: {
        limit: 20,
        order: 'id:ASC',
        query: 'NOT (completion.lineItemVersion.id:*)',
        expand: ['completion.lineItemVersion.transaction.paymentConnectorConfiguration'],
      },
    })) as Page<{
      completion?: {
        lineItemVersion?: {
          transaction?: { paymentConnectorConfiguration?: { connector?: { id: number } } };
        };
      };
    }>;
    const ids = new Set(
      page.data.map(
        (d) => d.completion?.lineItemVersion?.transaction?.paymentConnectorConfiguration?.connector?.id,
      ),
    );
    ids.delete(undefined);
    const connectors = await rest.get('/payment/connectors/search', {
      query: { query: anyId([...ids] as number[]), limit: ids.size, expand: ['processor'] },
    });
    return { page, connectors };
  },
};

export const customersWithChildren: Scenario = {
  name: 'customers',
  title: '20 customers with addresses and comments',
  paygraph: [
    {
      query: `query Customers($space: ID!) { space(id: $space) { customers(first: 20) { nodes {
        restId givenName familyName emailAddress
        addresses(first: 5) { nodes { restId addressType address { city country } } }
        comments(first: 5) { nodes { restId content } }
      } } } }`,
      variables: space,
    },
  ],
  mesh: [
    {
      query: `query Customers($space: BigInt!) { listCustomers(space: $space, limit: 20, order: ASC) { ... on CustomerListResponse { data {
        id givenName familyName emailAddress
        addresses { ... on CustomerAddressListResponse { data { id addressType address { city country } } } }
        comments { ... on CustomerCommentListResponse { data { id content } } }
      } } } }`,
      variables: meshSpace,
    },
  ],
  // Addresses and comments live under each customer's path: two calls per customer, all in one round.
  minimum: async (rest, f) => {
    const page = (await rest.get('/customers', {
      space: f.space,
      query: { limit: 20, order: 'ASC' },
    })) as Page<{ id: number }>;
    const children = (id: number, kind: string) =>
      rest.get(`/customers/${id}/${kind}`, { space: f.space, query: { limit: 5, order: 'ASC' } });
    return Promise.all(
      page.data.map((c) => Promise.all([children(c.id, 'addresses'), children(c.id, 'comments')])),
    );
  },
};

export const subscriptionDetail: Scenario = {
  name: 'subscription',
  title: 'a subscription with subscriber, versions, charges and token',
  paygraph: [
    {
      query: `query Subscription($space: ID!, $id: ID!) { space(id: $space) { subscription(id: $id) {
        restId state reference
        subscriber { restId reference emailAddress }
        token { restId state }
        versions(first: 10) { nodes { restId state createdOn } }
        charges(first: 10) { nodes { restId state type plannedExecutionDate } }
      } } }`,
      variables: (f) => ({ space: String(f.space), id: String(f.subscription) }),
    },
  ],
  mesh: [
    {
      query: `query Subscription($space: BigInt!, $id: BigInt!) { getSubscription(space: $space, id: $id, expand: ["subscriber", "token"]) {
        ... on Subscription_ { id state reference subscriber { id reference emailAddress } token { id state }
          versions { ... on SubscriptionVersionSearchResponse { data { id state createdOn } } }
          charges { ... on SubscriptionChargeSearchResponse { data { id state type plannedExecutionDate } } } } } }`,
      variables: (f) => ({ space: f.space, id: f.subscription }),
    },
  ],
  // The subscription's id is in the arguments: its versions and charges are asked in the same round.
  minimum: (rest, f) => {
    const children = (kind: string) =>
      rest.get(`/subscriptions/${kind}/search`, {
        space: f.space,
        query: { query: `subscription.id:${f.subscription}`, order: 'id:ASC', limit: 10 },
      });
    return Promise.all([
      rest.get(`/subscriptions/${f.subscription}`, {
        space: f.space,
        query: { expand: ['subscriber', 'token'] },
      }),
      children('versions'),
      children('charges'),
    ]);
  },
};

export const transactionChildren: Scenario = {
  name: 'children',
  title: 'one transaction with its completions and refunds',
  paygraph: [
    {
      query: `query Children($space: ID!, $id: ID!) { space(id: $space) { transaction(id: $id) {
        restId state authorizationAmount
        completions(first: 10) { nodes { restId state amount } }
        refunds(first: 10) { nodes { restId state amount } }
      } } }`,
      variables: (f) => ({ space: String(f.space), id: String(f.transaction) }),
    },
  ],
  mesh: [
    {
      query: `query Children($space: BigInt!, $id: BigInt!) { getTransaction(space: $space, id: $id) { ... on Transaction {
        id state authorizationAmount
        completions { ... on CompletionSearchResponse { data { id state amount } } }
        refunds { ... on RefundSearchResponse { data { id state amount } } } } } }`,
      variables: (f) => ({ space: f.space, id: f.transaction }),
    },
  ],
  // The transaction's id is in the arguments: one round of three calls.
  minimum: (rest, f) => {
    const children = (path: string, query: string) =>
      rest.get(path, { space: f.space, query: { query, order: 'id:ASC', limit: 10 } });
    return Promise.all([
      rest.get(`/payment/transactions/${f.transaction}`, { space: f.space }),
      children('/payment/transactions/completions/search', `linkedTransaction:${f.transaction}`),
      children('/payment/refunds/search', `transaction.id:${f.transaction}`),
    ]);
  },
};
