// Writes the allow-list of PAYGRAPH_PERSISTED_OPERATIONS=allow-list for the operations paygraph ships
// (GraphiQL's examples, typed by graphql-codegen): a JSON object of sha256 (hex) -> document.
// Usage: npm run -s persisted-operations [file]   (default dist/persisted-operations.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { examples } from '../src/server/graphiql-examples';
import { allowListOf } from '../src/server/persisted/allow-list';

const file = process.argv[2] ?? 'dist/persisted-operations.json';
const list = allowListOf(examples.map((e) => e.query));
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`);
process.stdout.write(`${JSON.stringify({ file, operations: Object.keys(list).length })}\n`);
