// `npm run bench:abuse [-- --rounds N --samples N --clients N --latency-ms N]`: does abuse slow a
// well-behaved caller? A real sandbox (a little latency per REST call) and a real paygraph (`serve`,
// api-keys mode) on loopback; one calm client sends one customer page at a time, first alone, then
// while 50 abusive clients (each its own caller: alias floods, queries near the cost budget, huge
// documents, forged ids in `nodes`, forged JWTs) hammer the same paygraph; rounds interleave the two
// so drift of the shared machine hits both alike. Prints p50/p99 of each and the p99 ratio (target:
// at most 2x) and saves a report in bench/abuse/reports/. Bounded: about 2 minutes at most.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateApiKey, hashApiKey } from '../../src/server/auth/api-keys';
import { ABUSE_KINDS, ALL_ABUSE_KINDS, type AbuseKind, type AbuserSetup, type Counts } from './abusers';
import {
  startAbusers,
  startControl,
  startPaygraph,
  startSandbox,
  stop,
  type Abusers,
  type Paygraph,
  type Sandbox,
} from './processes';
import { percentile, printAndSave, type Phase } from './report';

/** The whole run stops measuring past this, whatever the options say. */
const DEADLINE_MS = 110_000;
const startedAt = performance.now();
const timeLeft = () => DEADLINE_MS - (performance.now() - startedAt);

function options() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      samples: { type: 'string', default: '100' },
      clients: { type: 'string', default: '50' },
      'latency-ms': { type: 'string', default: '10' },
      profile: { type: 'string' },
      kinds: { type: 'string', default: ABUSE_KINDS.join(',') },
      control: { type: 'boolean', default: false },
    },
  });
  return {
    rounds: Number(values.rounds),
    samples: Number(values.samples),
    clients: Number(values.clients),
    latencyMs: Number(values['latency-ms']),
    /** A folder for a CPU profile of paygraph (node --cpu-prof), written when it stops. */
    profile: values.profile,
    /** The abusers hit a bare server that refuses everything instead of paygraph (see startControl). */
    control: values.control,
    /** The kinds of abuse, dealt round-robin to the clients. */
    kinds: values.kinds.split(',').map((k) => {
      if (!ALL_ABUSE_KINDS.includes(k as AbuseKind))
        throw new Error(`--kinds: "${k}" is not one of ${ALL_ABUSE_KINDS.join(', ')}`);
      return k as AbuseKind;
    }),
  };
}

const CALM = `query ($s: ID!) { space(id: $s) { customers(first: 20) { nodes { restId givenName familyName } } } }`;

/** One calm request; its latency in ms. Throws if the answer is not the page. */
async function calmOnce(url: string, key: string, space: number): Promise<number> {
  const t = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: CALM, variables: { s: String(space) } }),
  });
  const body = (await response.json()) as {
    data?: { space?: { customers?: { nodes: unknown[] } } };
    errors?: { message: string }[];
  };
  const ms = performance.now() - t;
  if (!body.data?.space?.customers?.nodes.length)
    throw new Error(`the calm query failed: ${body.errors?.[0]?.message ?? response.status}`);
  return ms;
}

async function measure(
  url: string,
  key: string,
  space: number,
  samples: number,
  budgetMs: number,
): Promise<number[]> {
  const until = performance.now() + budgetMs;
  const out: number[] = [];
  while (out.length < samples && performance.now() < until) out.push(await calmOnce(url, key, space));
  return out;
}

function merge(into: Counts, from: Counts): void {
  for (const [kind, outcomes] of Object.entries(from)) {
    const mine = (into[kind] ??= {});
    for (const [outcome, n] of Object.entries(outcomes)) mine[outcome] = (mine[outcome] ?? 0) + n;
  }
}

interface Keys {
  calm: string;
  file: string;
  abusers: AbuserSetup['clients'];
}

function makeKeys(dir: string, clients: number, kinds: readonly AbuseKind[]): Keys {
  const calm = generateApiKey();
  const entries = [{ name: 'calm', hash: hashApiKey(calm), spaces: '*', scopes: ['read'] }];
  const abusers: AbuserSetup['clients'] = [];
  for (let i = 0; i < clients; i++) {
    const kind = kinds[i % kinds.length];
    const key = generateApiKey();
    entries.push({ name: `abuser-${i}-${kind}`, hash: hashApiKey(key), spaces: '*', scopes: ['read'] });
    abusers.push({ kind, key });
  }
  const file = join(dir, 'api-keys.json');
  writeFileSync(file, JSON.stringify({ keys: entries }), { mode: 0o600 });
  return { calm, file, abusers };
}

async function main(): Promise<void> {
  const o = options();
  const dir = mkdtempSync(join(tmpdir(), 'paygraph-abuse-'));
  let sandbox: Sandbox | undefined;
  let paygraph: Paygraph | undefined;
  let abusers: Abusers | undefined;
  let control: Paygraph | undefined;
  try {
    const keys = makeKeys(dir, o.clients, o.kinds);
    sandbox = await startSandbox(o.latencyMs);
    // The response cache would answer the calm query (always the same) without the path under test.
    paygraph = await startPaygraph(sandbox, keys.file, { PAYGRAPH_CACHE: 'off' }, o.profile);
    control = o.control ? await startControl() : undefined;
    abusers = await startAbusers({
      url: (control ?? paygraph).url,
      space: sandbox.space,
      clients: keys.abusers,
    });
    const { url } = paygraph;
    const space = sandbox.space;
    await measure(url, keys.calm, space, 20, 10_000);
    const alone: number[] = [];
    const abused: number[] = [];
    const counts: Counts = {};
    let abuseMs = 0;
    for (let round = 0; round < o.rounds && timeLeft() > 10_000; round++) {
      const phaseBudget = Math.min(15_000, timeLeft() / (2 * (o.rounds - round)));
      alone.push(...(await measure(url, keys.calm, space, o.samples, phaseBudget)));
      abusers.start();
      const t = performance.now();
      // The abusers fill their lanes and spend their burst first.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      abused.push(...(await measure(url, keys.calm, space, o.samples, phaseBudget)));
      merge(counts, await abusers.stop());
      abuseMs += performance.now() - t;
    }
    const phases: Phase[] = [
      { name: 'calm client alone', samples: alone },
      {
        name: `calm client with ${o.clients} abusers${o.control ? ' of a bare control server' : ''}`,
        samples: abused,
      },
    ];
    const ratio = percentile(abused, 0.99) / percentile(alone, 0.99);
    printAndSave({ options: o, phases, ratio, counts, abuseSeconds: abuseMs / 1000 });
  } finally {
    await stop(abusers?.child);
    await stop(control?.child);
    await stop(paygraph?.child);
    await stop(sandbox?.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:abuse failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
