// GraphiQL's default tabs: example operations over the sandbox's demo data that show links,
// one-to-many connections, filters, ordering, paging, lookups, extras, a read-only tour, and a
// checkout in four mutations, and live updates that follow it.
// Tested to validate against the schema (test/server/graphiql.test.ts).
import type { GraphiQLOptions } from 'graphql-yoga';

export interface Example {
  title: string;
  query: string;
  variables?: Record<string, unknown>;
}

/** The first space of the sandbox's demo data (seed 1), used by the examples that look a space up. */
export const DEMO_SPACE = '60';
/** The card payment method configuration of that space (the sandbox's ready line names it). */
export const DEMO_CARD_CONFIGURATION = '67';

export const examples: Example[] = [
  {
    title: 'Tour',
    query: /* GraphQL */ `
      # A read-only tour of the demo data. Every field below is one graph; paygraph answers it
      # with as few REST calls as it can (links are expanded, lists of ids are batched).
      query Tour {
        spaces(first: 3) {
          nodes {
            id
            restId
            name
            account {
              name
            }
            transactions(first: 3, orderBy: [{ field: CREATED_ON, direction: DESC }]) {
              nodes {
                restId
                state
                currency
                authorizationAmount
                createdOn
                token {
                  restId
                  state
                }
                paymentConnectorConfiguration {
                  name
                  connector {
                    name {
                      value
                    }
                  }
                }
                completions(first: 2) {
                  nodes {
                    restId
                    state
                  }
                }
                refunds(first: 2) {
                  nodes {
                    restId
                    amount
                    state
                  }
                }
              }
            }
          }
        }
      }
    `,
  },
  {
    title: 'Filters and ordering',
    query: /* GraphQL */ `
      # Typed filters (eq, ne, lt, lte, gt, gte, in, notIn, contains, isNull; and/or/not) on REST
      # field names, nested filters on linked and embedded objects, and ordering by any scalar field.
      # $space is a REST space id or a Space's global ID (see the Tour tab).
      query Filters($space: ID!) {
        space(id: $space) {
          name
          transactions(
            first: 10
            filter: {
              state: { in: [FULFILL, COMPLETED, AUTHORIZED] }
              authorizationAmount: { gte: 20 }
              billingAddress: { country: { eq: "CH" } }
              or: [{ currency: { eq: "CHF" } }, { currency: { eq: "EUR" } }, { currency: { eq: "USD" } }]
            }
            orderBy: [{ field: AUTHORIZATION_AMOUNT, direction: DESC }]
          ) {
            nodes {
              restId
              state
              currency
              authorizationAmount
              billingAddress {
                country
                city
              }
              token {
                restId
              }
            }
          }
          customers(first: 5, filter: { emailAddress: { isNull: false } }, orderBy: [{ field: CREATED_ON }]) {
            nodes {
              restId
              givenName
              familyName
              emailAddress
              addresses(first: 2) {
                nodes {
                  restId
                }
              }
            }
          }
        }
      }
    `,
    variables: { space: DEMO_SPACE },
  },
  {
    title: 'Paging',
    query: /* GraphQL */ `
      # Relay paging: run, then pass pageInfo.endCursor as $after to get the next page
      # (last/before page backwards). Page sizes are 1 to 100.
      query Paging($space: ID!, $after: String) {
        space(id: $space) {
          transactions(first: 5, after: $after) {
            pageInfo {
              hasNextPage
              hasPreviousPage
              startCursor
              endCursor
            }
            edges {
              cursor
              node {
                id
                restId
                state
                createdOn
              }
            }
          }
        }
      }
    `,
    variables: { space: DEMO_SPACE, after: null },
  },
  {
    title: 'Links and lookups',
    query: /* GraphQL */ `
      # Single lookups take the REST id or the global ID; node(id:) takes any global ID.
      # Id fields of REST (linkedTransaction, linkedSpaceId) are links here too.
      query Links($space: ID!) {
        space(id: $space) {
          transactionCompletions(first: 3) {
            nodes {
              id
              restId
              linkedTransactionId
              linkedTransaction {
                restId
                state
                customerEmailAddress
              }
              linkedSpace {
                name
              }
            }
          }
          subscriptions(first: 2) {
            nodes {
              restId
              state
              subscriber {
                restId
              }
              versions(first: 2) {
                nodes {
                  restId
                  state
                  periodBills(first: 2) {
                    nodes {
                      restId
                    }
                  }
                }
              }
            }
          }
        }
        countries(filter: { isoCode2: { in: ["CH", "DE", "US"] } }) {
          isoCode2
          name
          states {
            code
            name
          }
        }
        currency(id: "CHF") {
          currencyCode
          name
          fractionDigits
        }
      }
    `,
    variables: { space: DEMO_SPACE },
  },
  {
    title: 'Extras',
    query: /* GraphQL */ `
      # Read-only extras of the REST API as fields: URLs, documents, checks, export.
      query Extras($space: ID!) {
        space(id: $space) {
          open: transactions(first: 2, filter: { state: { eq: PENDING } }) {
            nodes {
              restId
              paymentPageUrl
              lightboxJavascriptUrl
              checkTokenCreationPossible
            }
          }
          fulfilled: transactions(first: 2, filter: { state: { eq: FULFILL } }) {
            nodes {
              restId
              invoiceDocument {
                title
                mimeType
              }
              latestLineItemVersion {
                restId
                state
              }
            }
          }
          transactionExport(fields: ["id", "state", "currency"], limit: 5) {
            rows
          }
        }
      }
    `,
    variables: { space: DEMO_SPACE },
  },
  {
    title: 'Defer',
    query: /* GraphQL */ `
      # Incremental delivery: the transactions arrive at once, each rendered invoice (a slow extra)
      # after them (@defer), and the list items after the first one by one (@stream).
      query Deferred($space: ID!) {
        space(id: $space) {
          transactions(first: 3, filter: { state: { eq: FULFILL } }) {
            nodes @stream(initialCount: 1) {
              restId
              state
              ... @defer(label: "invoice") {
                invoiceDocument {
                  title
                  mimeType
                }
              }
            }
          }
        }
      }
    `,
    variables: { space: DEMO_SPACE },
  },
  {
    title: 'Checkout',
    query: /* GraphQL */ `
      # A checkout in four mutations, each one REST call: run CreateTransaction, paste its id into
      # the variables as "transaction", then run ProcessCard, Complete and Refund (the Run button
      # lets you choose the operation). Card numbers of the sandbox: 4111 1111 1111 1111 approves,
      # 4000 0000 0000 0002 declines, 4000 0000 0000 0119 fails. Errors are typed: every error
      # implements MutationError, so "... on MutationError { code message }" catches them all.
      mutation CreateTransaction($space: ID!) {
        createTransaction(
          input: {
            space: $space
            currency: "CHF"
            completionBehavior: COMPLETE_DEFERRED
            lineItems: [
              {
                uniqueId: "espresso"
                name: "Espresso machine"
                quantity: 1
                amountIncludingTax: 249.5
                type: PRODUCT
              }
            ]
          }
        ) {
          ... on CreateTransactionPayload {
            transaction {
              id
              state
              authorizationAmount
            }
          }
          ... on ValidationError {
            fields {
              path
              message
            }
          }
          ... on MutationError {
            code
            message
          }
        }
      }

      mutation ProcessCard($transaction: ID!, $cardConfiguration: ID!, $card: String!) {
        processTransactionCardDetails(
          input: {
            id: $transaction
            paymentMethodConfiguration: $cardConfiguration
            cardData: { primaryAccountNumber: $card, expiryDate: "2031-12", cardVerificationCode: "123" }
          }
        ) {
          ... on ProcessTransactionCardDetailsPayload {
            transaction {
              state
              failureReason {
                name {
                  value
                }
              }
            }
          }
          ... on MutationError {
            code
            message
          }
        }
      }

      mutation Complete($transaction: ID!) {
        completeTransactionOnline(input: { id: $transaction }) {
          ... on CompleteTransactionOnlinePayload {
            transactionCompletion {
              state
              amount
            }
            transaction {
              state
            }
          }
          ... on StateTransitionError {
            currentState
          }
          ... on MutationError {
            code
            message
          }
        }
      }

      mutation Refund($space: ID!, $transaction: ID!) {
        createRefund(
          input: {
            space: $space
            transaction: $transaction
            externalId: "refund-1"
            type: MERCHANT_INITIATED_ONLINE
            amount: 49.5
          }
        ) {
          ... on CreateRefundPayload {
            refund {
              state
              amount
              transaction {
                state
              }
            }
          }
          ... on MutationError {
            code
            message
          }
        }
      }
    `,
    variables: {
      space: DEMO_SPACE,
      transaction: 'paste the id CreateTransaction answered',
      cardConfiguration: DEMO_CARD_CONFIGURATION,
      card: '4111111111111111',
    },
  },
  {
    title: 'Live',
    query: /* GraphQL */ `
      # Live updates: run this, then drive the transaction from the Checkout tab (ProcessCard, then
      # Complete); each change arrives here once, in order, and the stream ends at a final state.
      # Paste a transaction id from CreateTransaction into the variables. Served over SSE here;
      # WebSocket clients (graphql-ws) use the same URL.
      subscription FollowTransaction($transaction: ID!) {
        entityChanged(id: $transaction, untilFinal: true) {
          id
          ... on Transaction {
            state
            version
            authorizationAmount
          }
        }
      }

      # New refunds of the demo space as they are made.
      subscription NewRefunds($space: ID!) {
        refundsChanged(space: $space) {
          id
          state
          amount
          transaction {
            id
            state
          }
        }
      }
    `,
    variables: { space: DEMO_SPACE, transaction: 'paste the id CreateTransaction answered' },
  },
];

export const graphiqlOptions: GraphiQLOptions = {
  title: 'paygraph',
  defaultTabs: examples.map((e) => ({
    query: e.query,
    variables: e.variables ? JSON.stringify(e.variables, null, 2) : null,
  })),
};
