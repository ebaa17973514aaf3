// Benchmark: what parsing REST bodies exactly costs. Bodies are real sandbox answers (a search page of
// 100 transactions with links expanded, a page of 100 customers), and the same transaction page as a
// REST written with BigDecimal would send it (every amount with two decimals, 853.80: the lossless
// path). Each is parsed by native JSON.parse (the floor, which rounds), parseJson (exact), and the
// lossless parser for every body (what exactness costs without the fast path), and parseJson as it was
// before decimals were kept exact.
// Run: node --import tsx bench/rest-client/json-parse.ts [--rounds N]
// Prints a table and writes bench/rest-client/reports/json-parse-<stamp>.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isInteger, LosslessNumber, parse } from 'lossless-json';
import { createRestClient, parseJson } from '../../src/rest';
import { startSandbox } from '../../src/sandbox/index';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const ROUNDS = Math.max(10, Number(values.rounds));

const sandbox = await startSandbox({ port: 0 });
const user = sandbox.users[0];
const space = sandbox.spaces[0];
// The bodies as the REST client receives them: fetched through its own `onCall`-free path, re-serialised.
const client = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
const transactions = JSON.stringify(
  await client.call('searchTransactions', {
    space,
    query: { limit: 100, expand: ['token', 'paymentConnectorConfiguration', 'group'] },
  }),
);
const customers = JSON.stringify(await client.call('searchCustomers', { space, query: { limit: 100 } }));
await client.close();
await sandbox.close();
// Every amount with two decimals, as a BigDecimal-minded REST writes it: 110.08 stays, 119 -> 119.00, 39.9 -> 39.90.
const twoDecimals = transactions.replace(
  /("[A-Za-z]*(?:[Aa]mount|[Pp]rice|[Tt]ax)[A-Za-z]*":)(-?\d+)(?:\.(\d+))?(?=[,}])/g,
  (_m, key: string, whole: string, fraction: string | undefined) =>
    `${key}${whole}.${(fraction ?? '').padEnd(2, '0')}`,
);

const losslessAll = (text: string) =>
  parse(text, null, (n) =>
    isInteger(n) ? (Number.isSafeInteger(Number(n)) ? Number(n) : BigInt(n)) : new LosslessNumber(n),
  );
// parseJson before exact decimals (commit 2c82375): native unless a 16-digit run or a 3-digit exponent.
const before = (text: string): unknown =>
  /\d{16}|\d[eE][+-]?\d{3}/.test(text) ? losslessAll(text) : JSON.parse(text);
const parsers: Record<string, (text: string) => unknown> = {
  'JSON.parse (rounds)': (t): unknown => JSON.parse(t),
  'parseJson before (rounds decimals)': before,
  parseJson: parseJson,
  'lossless-json, every body': losslessAll,
};

function measure(fn: (text: string) => unknown, text: string): number {
  for (let i = 0; i < 20; i++) fn(text);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.hrtime.bigint();
    fn(text);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const bodies = {
  'transactions page (fast path)': transactions,
  'customers page': customers,
  'transactions, amounts as 853.80': twoDecimals,
};
const rows: string[] = [];
for (const [name, text] of Object.entries(bodies)) {
  const medians = Object.fromEntries(Object.entries(parsers).map(([p, fn]) => [p, measure(fn, text)]));
  const floor = medians['JSON.parse (rounds)'];
  const cells = Object.values(medians).map((ms) => `${ms.toFixed(3)} ms (${(ms / floor).toFixed(2)}x)`);
  rows.push(`| ${name} (${Math.round(text.length / 1024)} KiB) | ${cells.join(' | ')} |`);
}
const table = [
  `| body | ${Object.keys(parsers).join(' | ')} |`,
  `| --- | ${Object.keys(parsers)
    .map(() => '---')
    .join(' | ')} |`,
  ...rows,
].join('\n');
const report = `# REST body parsing, median of ${ROUNDS} parses (${new Date().toISOString()})\n\n${table}\n`;
console.log(report);
const dir = new URL('./reports/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL(`json-parse-${new Date().toISOString().replace(/[:.]/g, '-')}.md`, dir), report);
