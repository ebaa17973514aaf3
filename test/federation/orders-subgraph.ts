// The "orders" team's subgraph of the supergraph tests: an Order names paygraph's Transaction by its
// global ID (`transaction: Transaction`, a reference it cannot resolve itself), served by graphql-yoga
// over @apollo/subgraph on a loopback port.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';

export const ORDERS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  type Order @key(fields: "id") {
    id: ID!
    number: Int!
    transaction: Transaction
  }

  type Transaction @key(fields: "id", resolvable: false) {
    id: ID!
  }

  type Query {
    orders: [Order!]!
    order(number: Int!): Order
  }
`;

interface Order {
  id: string;
  number: number;
  transaction: { id: string } | null;
}

export interface RunningSubgraph {
  url: string;
  close(): Promise<void>;
}

/** Serves one order per transaction global ID, numbered from 1 in the order given; `orders` lists the first `listed`. */
export async function startOrdersSubgraph(
  transactionIds: readonly string[],
  listed = transactionIds.length,
): Promise<RunningSubgraph> {
  const orders: Order[] = transactionIds.map((id, i) => ({
    id: `order-${i + 1}`,
    number: i + 1,
    transaction: { id },
  }));
  const schema = buildSubgraphSchema({
    typeDefs: parse(ORDERS_SDL),
    resolvers: {
      Query: {
        orders: () => orders.slice(0, listed),
        order: (_root: unknown, args: { number: number }) =>
          orders.find((o) => o.number === args.number) ?? null,
      },
      Order: { __resolveReference: (ref: { id: string }) => orders.find((o) => o.id === ref.id) ?? null },
    },
  });
  const yoga = createYoga({ schema, logging: false, graphqlEndpoint: '/graphql' });
  const server = createServer((req, res) => void yoga(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
