// The pages the profile and A/B runs load: the scenarios, sent as GraphQL over HTTP.
import { subscriptionDetail } from '../suite/scenarios/nested';
import type { Fixture, Scenario as SuiteScenario } from '../suite/scenarios/types';
import { bulkCreate } from '../suite/scenarios/writes';
/** The sandbox's objects a scenario's variables name. */
export interface ScenarioIds {
  space: number;
  transaction: number;
  subscription: number;
}

export interface Scenario {
  name: string;
  query: string;
  variables: (ids: ScenarioIds) => Record<string, unknown>;
}

/** The JSON body every load posts for `scenario`. */
export function requestBody(scenario: Scenario, ids: ScenarioIds): string {
  return JSON.stringify({ query: scenario.query, variables: scenario.variables(ids) });
}

/** The GraphQL text of a suite scenario's one paygraph step, where it does not depend on the fixture. */
function suiteQuery(scenario: SuiteScenario): string {
  const { query } = scenario.paygraph[0];
  if (typeof query !== 'string') throw new Error(`the suite's ${scenario.name} query depends on its fixture`);
  return query;
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
  // One transaction by id, two fields: one REST call, what each call adds to `{ __typename }`.
  one: {
    name: '1 transaction by id',
    query: `query($space: ID!, $id: ID!) { space(id: $space) { transaction(id: $id) { restId state } } }`,
    variables: (ids) => ({ space: String(ids.space), id: String(ids.transaction) }),
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
  // The suite's subscription (its own query): two links by expand and two child lists, three REST calls in one round.
  subscription: {
    name: '1 subscription, links, versions, charges',
    query: suiteQuery(subscriptionDetail),
    variables: (ids) => ({ space: String(ids.space), id: String(ids.subscription) }),
  },
  // The suite's bulk mutation: 250 customers created in three REST bulk calls (one round), every operation anew.
  bulk: {
    name: 'a bulk create of 250 customers',
    query: suiteQuery(bulkCreate),
    // The suite's variables read only the fixture's space.
    variables: (ids) => bulkCreate.paygraph[0].variables({ space: ids.space } as Fixture, {}, {}),
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
