// paygraph with naive resolvers (one REST retrieval per link, no expand, no batching): the same
// production build `npm start` runs, its server module started with `naive: true`, which the CLI
// does not offer. `node naive-entry.mjs <dist/cli.js>`; settings from the benchmark's environment.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const cli = process.argv[2];
const chunk = /import\("\.\/(serve-[\w-]+\.js)"\)/.exec(readFileSync(cli, 'utf8'))?.[1];
if (!chunk) throw new Error(`${cli} does not import a serve chunk; was it built by scripts/build.mjs?`);
const { startGraphServer } = await import(pathToFileURL(join(dirname(cli), chunk)).href);
const env = (name) =>
  process.env[name] ??
  (() => {
    throw new Error(`${name} is required`);
  })();
const graph = await startGraphServer({
  restUrl: env('BENCH_REST_URL'),
  userId: env('BENCH_REST_USER'),
  authKey: env('BENCH_REST_KEY'),
  port: Number(env('PORT')),
  naive: true,
});
process.stdout.write(`${JSON.stringify({ graphql: graph.url })}\n`);
process.once('SIGTERM', () => void graph.close().finally(() => process.exit(0)));
