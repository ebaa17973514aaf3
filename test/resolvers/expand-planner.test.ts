// The expand planner over real `info` objects from graphql-js execution of a small hand-written
// schema that follows the naming contract (link fields keep their REST names).
import { buildSchema, execute, parse, type GraphQLFieldResolver, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { planConnection, planEntity, type ExpandPlan } from '../../src/resolvers/expand-planner';
import { KEY_ONLY_EXTENSION } from '../../src/resolvers/selection';

const schema = buildSchema(`
  interface Node { id: ID! }
  type Token implements Node { id: ID! restId: Int state: String customerEmailAddress: String activeVersion: String }
  type PaymentConnector implements Node { id: ID! restId: Int name: String paymentMethod: PaymentMethod }
  type PaymentMethod implements Node { id: ID! restId: Int name: String }
  type PaymentConnectorConfiguration implements Node { id: ID! restId: Int name: String connector: PaymentConnector }
  type Space implements Node { id: ID! restId: Int name: String }
  type Transaction implements Node {
    id: ID! restId: Int state: String
    token: Token parent: Transaction paymentConnectorConfiguration: PaymentConnectorConfiguration
    allowedPaymentMethodBrands: [String] linkedSpace: Space paymentPageUrl: String
  }
  type TransactionEdge { cursor: String node: Transaction }
  type TransactionConnection { edges: [TransactionEdge] nodes: [Transaction] }
  type Query { transactions: TransactionConnection transaction: Transaction node(id: ID!): Node }
`);
// Marked as the schema's builders mark fields answered from the object's key and space alone.
(schema.getType('Token') as GraphQLObjectType).getFields().activeVersion.extensions = {
  [KEY_ONLY_EXTENSION]: true,
};
(schema.getType('Transaction') as GraphQLObjectType).getFields().paymentPageUrl.extensions = {
  [KEY_ONLY_EXTENSION]: true,
};

function plansOf(query: string, variables: Record<string, unknown> = {}): Record<string, ExpandPlan> {
  const plans: Record<string, ExpandPlan> = {};
  const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (_source, _args, _ctx, info) => {
    if (info.parentType.name !== 'Query') return null;
    const key = info.path.key as string;
    plans[key] =
      info.fieldName === 'transactions'
        ? planConnection(info, 'Transaction')
        : planEntity(info, 'Transaction');
    return null;
  };
  const result = execute({ schema, document: parse(query), variableValues: variables, fieldResolver });
  if ('errors' in result && result.errors) throw result.errors[0];
  return plans;
}

describe('expand planning', () => {
  it('expands links whose selection asks for more than identity, not the others', () => {
    const { transaction } = plansOf(
      `{ transaction { state token { id restId __typename } parent { state } linkedSpace { name } } }`,
    );
    expect(transaction.paths).toEqual(['parent']);
  });

  it('looks under edges.node and nodes of a connection, through fragments and aliases', () => {
    const plans = plansOf(`
      query { transactions { edges { node { ...T } } nodes { t2: token { id } } } }
      fragment T on Transaction { token { state } paymentConnectorConfiguration { connector { paymentMethod { name } } } }
    `);
    expect(plans.transactions.paths).toEqual([
      'paymentConnectorConfiguration',
      'paymentConnectorConfiguration.connector',
      'paymentConnectorConfiguration.connector.paymentMethod',
      'token',
    ]);
  });

  it('honours @include and @skip, and inline fragments on the interface', () => {
    const q = `query($a: Boolean!, $b: Boolean!) { node(id: "x") { ... on Transaction { token @include(if: $a) { state } parent @skip(if: $b) { state } } } }`;
    // node is resolved as a Transaction here: the planner sees the inline fragment on Transaction.
    expect(plansOf(q, { a: true, b: true }).node.paths).toEqual(['token']);
    expect(plansOf(q, { a: false, b: false }).node.paths).toEqual(['parent']);
  });

  it('stops at REST depth 4; deeper levels are left to the loaders', () => {
    const { transaction } = plansOf(
      `{ transaction { parent { parent { parent { parent { parent { state } } } } } } }`,
    );
    expect(transaction.paths).toEqual([
      'parent',
      'parent.parent',
      'parent.parent.parent',
      'parent.parent.parent.parent',
    ]);
  });

  it('expands omitted-by-default properties when selected, and merges aliased selections', () => {
    const { transaction } = plansOf(
      `{ transaction { allowedPaymentMethodBrands a: token { id } b: token { state } } }`,
    );
    expect(transaction.paths).toEqual(['allowedPaymentMethodBrands', 'token']);
  });

  it('knows when only identity is selected', () => {
    expect(plansOf(`{ transaction { id restId __typename } }`).transaction.needs).toBe('identity');
    expect(plansOf(`{ transaction { id state } }`).transaction.needs).toBe('object');
  });

  it('does not expand a link selected only for fields marked key-only', () => {
    expect(plansOf(`{ transaction { token { id activeVersion } } }`).transaction.paths).toEqual([]);
    expect(plansOf(`{ transaction { token { activeVersion state } } }`).transaction.paths).toEqual(['token']);
    expect(plansOf(`{ transaction { restId paymentPageUrl } }`).transaction.needs).toBe('key');
    expect(plansOf(`{ transaction { paymentPageUrl state } }`).transaction.needs).toBe('object');
  });
});
