// `node --import tsx bench/rest-client/per-call.ts [--before SRC-TREE] [--rows 20] [--calls 2000] [--concurrency 8] [--rounds 5]`:
// the CPU one REST call costs this process, paygraph's REST client against undici's own cost: a bare
// `Pool.request` signed with a synchronous HMAC and read with JSON.parse (the minimum contender's
// call). Both fetch the same page of `--rows` transactions (searchTransactions, expand=token; 1 row shows
// the per-call overhead best, 20 is the page scenario's) from a sandbox child, so
// only this process's CPU (process.cpuUsage over the round / calls) counts, not the server's. With
// --before, the client of another source tree (a `git archive` of an earlier commit) runs too, for a
// paired before/after. Variants interleave, order rotating per round; medians and per-round ratios.
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { createRestClient as thisClient } from '../../src/rest';
import { startChildSandbox } from '../sandbox/child-sandbox';

type Call = () => Promise<unknown>;
type ClientFactory = typeof thisClient;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** CPU milliseconds of this process per call, `calls` calls at `concurrency` in flight. */
async function cpuPerCall(call: Call, calls: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < calls) await call();
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / calls;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      calls: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '8' },
      rounds: { type: 'string', default: '5' },
      rows: { type: 'string', default: '20' },
    },
  });
  const calls = Number(values.calls);
  const concurrency = Number(values.concurrency);
  const sandbox = await startChildSandbox();
  const user = sandbox.users[0];
  const space = sandbox.spaces[0];
  const rows = Number(values.rows);
  const query = { limit: rows, expand: ['token'] };
  const options = { baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key, maxInFlight: concurrency };

  const origin = new URL(sandbox.baseUrl).origin;
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const key = Buffer.from(user.key, 'base64');
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', type: 'JWT', ver: 1 })).toString(
    'base64url',
  );
  const path = `/api/v2.0/payment/transactions/search?limit=${rows}&expand=token`;
  const bare: Call = async () => {
    const claims = Buffer.from(
      JSON.stringify({
        requestPath: path,
        requestMethod: 'GET',
        sub: user.id,
        iat: Math.floor(Date.now() / 1000),
      }),
    );
    const input = `${header}.${claims.toString('base64url')}`;
    const token = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    const res = await pool.request({
      method: 'GET',
      path,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', space: String(space) },
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`bare call answered ${res.statusCode}`);
    return JSON.parse(text) as unknown;
  };
  const closers: (() => Promise<void>)[] = [() => pool.close()];
  const clientCall = (create: ClientFactory): Call => {
    const client = create(options);
    closers.push(() => client.close());
    // Every call under a signal, as the server passes each REST call its operation's (never aborted here).
    const signal = new AbortController().signal;
    return () => client.call('searchTransactions', { space, query, signal });
  };
  const variants: [string, Call][] = [
    ['undici (bare)', bare],
    ['paygraph client', clientCall(thisClient)],
  ];
  if (values.before) {
    const mod = (await import(`${values.before}/src/rest/index.ts`)) as { createRestClient: ClientFactory };
    variants.push(['paygraph client (before)', clientCall(mod.createRestClient)]);
  }
  const results = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  try {
    for (const [, call] of variants) await cpuPerCall(call, 300, concurrency); // warm-up
    for (let round = 0; round < Number(values.rounds); round++) {
      for (let i = 0; i < variants.length; i++) {
        const [name, call] = variants[(i + round) % variants.length];
        results.get(name)!.push(await cpuPerCall(call, calls, concurrency));
      }
    }
  } finally {
    for (const close of closers) await close();
    await sandbox.stop();
  }
  const bareRuns = results.get('undici (bare)')!;
  console.log(`| variant | CPU µs/call (median) | x undici, paired per round (median, range) |`);
  console.log('|---|---:|---|');
  for (const [name, runs] of results) {
    const ratios = runs.map((v, i) => v / bareRuns[i]);
    const range = `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
    console.log(`| ${name} | ${(median(runs) * 1000).toFixed(0)} | ${range} |`);
  }
  console.log(
    `\n${values.rounds} rounds x ${calls} calls at ${concurrency} in flight; a ${rows}-row page of searchTransactions, expand=token`,
  );
}

await main();
