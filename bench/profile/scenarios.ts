// The pages the profile and A/B runs load: the scenarios, sent as GraphQL over HTTP.
export interface Scenario {
  name: string;
  query: string;
  variables: (ids: { space: number; transaction: number; subscription: number }) => Record<string, unknown>;
}

export const scenarios: Record<string, Scenario> = {
  // No REST call: what every request costs before any resolver (yoga, the plugins, the HTTP exchange).
  typename: {
    name: '{ __typename }',
    query: '{ __typename }',
    variables: () => ({}),
  },
  // The 20-row transactions page with a link: one REST search with `expand=token`.
  page: {
    name: '20 transactions with a link',
    query: `query($space: ID!) { space(id: $space) { transactions(first: 20) { nodes {
      id restId state currency authorizationAmount createdOn
      token { restId state customerEmailAddress }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  // The widest page (100 rows, each with a link): the most memory one operation holds, for heavy-load runs.
  wide: {
    name: '100 transactions with a link',
    query: `query($space: ID!) { space(id: $space) { transactions(first: 100) { nodes {
      id restId state currency authorizationAmount createdOn
      token { restId state customerEmailAddress }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
  // One transaction by id with its two child lists: three REST calls, one round when optimal.
  children: {
    name: '1 transaction, completions, refunds',
    query: `query($space: ID!, $id: ID!) { space(id: $space) { transaction(id: $id) {
      restId state
      completions(first: 10) { nodes { restId state amount } }
      refunds(first: 10) { nodes { restId state amount } }
    } } }`,
    variables: (ids) => ({ space: String(ids.space), id: String(ids.transaction) }),
  },
  // The suite's subscription: two links by expand and two child lists, three REST calls in one round.
  subscription: {
    name: '1 subscription, links, versions, charges',
    query: `query($space: ID!, $id: ID!) { space(id: $space) { subscription(id: $id) {
      restId state reference
      subscriber { restId reference emailAddress }
      token { restId state }
      versions(first: 10) { nodes { restId state createdOn } }
      charges(first: 10) { nodes { restId state type plannedExecutionDate } }
    } } }`,
    variables: (ids) => ({ space: String(ids.space), id: String(ids.subscription) }),
  },
  // Children of many parents: 20 transactions with up to 10 completions each.
  nested: {
    name: '20 transactions with completions',
    query: `query($space: ID!) { space(id: $space) { transactions(first: 20) { nodes {
      restId state completions(first: 10) { nodes { restId state amount } }
    } } } }`,
    variables: (ids) => ({ space: String(ids.space) }),
  },
};
