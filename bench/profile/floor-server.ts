// One server of the floor microbenchmark (floor.ts), as a child process: the same 20-row answer from
// static data, served by `bare` (node's HTTP server, JSON.stringify per request), `yoga` (graphql-yoga
// over a plain schema, default resolvers on plain objects) or `jit` (the same yoga app with
// @envelop/graphql-jit). Prints `{"graphql": URL}` when it listens on loopback.
import { createServer } from 'node:http';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createSchema, createYoga } from 'graphql-yoga';

const STATES = ['FULFILL', 'AUTHORIZED', 'COMPLETED', 'DECLINE'];

/** Twenty transactions with their token, about the size and shape of the `page` scenario's answer. */
const transactions = Array.from({ length: 20 }, (_, i) => ({
  id: `VHJhbnNhY3Rpb246${1_000 + i}`,
  restId: String(1_000 + i),
  state: STATES[i % STATES.length],
  currency: 'CHF',
  authorizationAmount: `${(1_234 + i * 101) / 100}`,
  createdOn: new Date(Date.UTC(2026, 0, 1 + i, 10, 30)).toISOString(),
  token: { restId: String(5_000 + i), state: 'ACTIVE', customerEmailAddress: `c${i}@example.com` },
}));

const answer = { data: { space: { transactions: { nodes: transactions } } } };

const typeDefs = /* GraphQL */ `
  type Token {
    restId: ID!
    state: String!
    customerEmailAddress: String
  }
  type Transaction {
    id: ID!
    restId: ID!
    state: String!
    currency: String!
    authorizationAmount: String!
    createdOn: String!
    token: Token
  }
  type TransactionConnection {
    nodes: [Transaction!]!
  }
  type Space {
    transactions(first: Int): TransactionConnection!
  }
  type Query {
    space(id: ID!): Space
  }
`;

function yogaApp(jit: boolean) {
  const schema = createSchema({
    typeDefs,
    resolvers: {
      Query: { space: () => ({}) },
      Space: {
        transactions: (_: unknown, args: { first?: number }) => ({
          nodes: transactions.slice(0, args.first ?? 20),
        }),
      },
    },
  });
  return createYoga({ schema, logging: false, graphiql: false, plugins: jit ? [useGraphQlJit()] : [] });
}

function bareHandler(
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString()); // read the operation, as any server does
    const body = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}

const mode = process.argv[2];
if (mode !== 'bare' && mode !== 'yoga' && mode !== 'jit')
  throw new Error('usage: floor-server.ts bare|yoga|jit');
const yoga = mode === 'bare' ? undefined : yogaApp(mode === 'jit');
const server = createServer(yoga ? (req, res) => void yoga(req, res) : bareHandler);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ graphql: `http://127.0.0.1:${port}/graphql` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
