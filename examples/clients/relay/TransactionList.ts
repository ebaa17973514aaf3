// Relay documents over paygraph: relay-compiler 21 compiles them against schema.graphql with
// relay.config.json beside (paygraph's client scalars as Relay's customScalarTypes). The list pages
// with @connection, the fragment refetches through node(id:) (@refetchable), the mutation reads the
// typed errors through MutationError. test/clients/relay.test.ts compiles them and runs what the
// compiler made against paygraph. In an app, `graphql` comes from react-relay or relay-runtime.
declare function graphql(strings: TemplateStringsArray): unknown;

export const transactionListQuery = graphql`
  query TransactionListQuery($space: ID!) {
    space(id: $space) {
      name
      ...TransactionList_space
    }
  }
`;

export const transactionListFragment = graphql`
  fragment TransactionList_space on Space
  @refetchable(queryName: "TransactionListPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 5 }, cursor: { type: "String" }) {
    transactions(first: $count, after: $cursor, orderBy: [{ field: ID, direction: ASC }])
      @connection(key: "TransactionList_transactions") {
      edges {
        node {
          restId
          state
          authorizationAmount
          authorizationAmountMoney {
            amount
            currencyCode
          }
          group {
            state
          }
        }
      }
    }
  }
`;

export const renameCustomerMutation = graphql`
  mutation TransactionListRenameCustomerMutation($input: UpdateCustomerInput!) {
    updateCustomer(input: $input) {
      __typename
      ... on UpdateCustomerPayload {
        customer {
          givenName
          version
        }
      }
      ... on VersionConflictError {
        currentVersion
      }
      ... on MutationError {
        code
        message
      }
    }
  }
`;
