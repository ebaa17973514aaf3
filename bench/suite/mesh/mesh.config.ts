// GraphQL Mesh as a team would set it up over the REST API's own description: the OpenAPI source
// composed by mesh-compose, plus the child fields a team writes by hand with @resolveTo (one REST
// search per parent, as Mesh resolves them). The endpoint is a placeholder; the signing plugin
// points each request at the sandbox of the run and signs it.
import { defineConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

import { PLACEHOLDER_ENDPOINT } from './placeholder';

/** A child list: a REST search or list per parent, arguments interpolated from the parent. */
function child(
  field: string,
  type: string,
  source: string,
  sourceArgs: string,
  selection = '{ id linkedSpaceId }',
): string {
  return `${field}: ${type} @resolveTo(sourceName: "Payments", sourceTypeName: "Query", sourceFieldName: "${source}",
    requiredSelectionSet: "${selection}", sourceArgs: ${sourceArgs})`;
}

const additionalTypeDefs = /* GraphQL */ `
  extend type Transaction {
    ${child('completions', 'searchTransactionCompletions_response', 'searchTransactionCompletions', '{ space: "{root.linkedSpaceId}", query: "linkedTransaction:{root.id}", order: "id:ASC", limit: 10 }')}
    ${child('refunds', 'searchRefunds_response', 'searchRefunds', '{ space: "{root.linkedSpaceId}", query: "transaction.id:{root.id}", order: "id:ASC", limit: 10 }')}
  }
  extend type Customer {
    ${child('addresses', 'listCustomerAddresses_response', 'listCustomerAddresses', '{ space: "{root.linkedSpaceId}", customerId: "{root.id}", order: ASC, limit: 5 }')}
    ${child('comments', 'listCustomerComments_response', 'listCustomerComments', '{ space: "{root.linkedSpaceId}", customerId: "{root.id}", order: ASC, limit: 5 }')}
  }
  extend type Subscription_ {
    ${child('versions', 'searchSubscriptionVersions_response', 'searchSubscriptionVersions', '{ space: "{root.linkedSpaceId}", query: "subscription.id:{root.id}", order: "id:ASC", limit: 10 }')}
    ${child('charges', 'searchSubscriptionCharges_response', 'searchSubscriptionCharges', '{ space: "{root.linkedSpaceId}", query: "subscription.id:{root.id}", order: "id:ASC", limit: 10 }')}
  }
  extend type PaymentConnector {
    ${child('withProcessor', 'getPaymentConnector_response', 'getPaymentConnector', '{ id: "{root.id}", expand: ["processor"] }', '{ id }')}
  }
`;

export const composeConfig = defineConfig({
  subgraphs: [
    {
      sourceHandler: loadOpenAPISubgraph('Payments', {
        source: '../../../src/rest/openapi.json',
        endpoint: PLACEHOLDER_ENDPOINT,
      }),
    },
  ],
  additionalTypeDefs,
});
