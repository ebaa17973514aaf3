// What the load runners share: the `--build 'NAME=DIR [NODE-ARG | VAR=VALUE]...'` option (a built
// server with node arguments, e.g. heap bounds, and environment of its own), the sandbox child they
// load through (its first space, one transaction of it, the added REST latency) and the load itself.
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startChildSandbox, type ChildSandbox } from '../sandbox/child-sandbox';
import { createSigner } from '../sandbox/signer';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Build {
  name: string;
  /** cli.js of the build. */
  entry: string;
  nodeArgs: string[];
  env: Record<string, string>;
}

const ASSIGNMENT = /^[A-Z_]+=/;

export function parseBuild(spec: string): Build {
  const [head, ...rest] = spec.split(' ').filter(Boolean);
  const [name, dir] = (head ?? '').split('=');
  if (!name || !dir) throw new Error(`--build must be NAME=DIR [NODE-ARG | VAR=VALUE]..., got "${spec}"`);
  const env = Object.fromEntries(
    rest
      .filter((a) => ASSIGNMENT.test(a))
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
  return {
    name,
    entry: join(resolve(ROOT, dir), 'cli.js'),
    nodeArgs: rest.filter((a) => !ASSIGNMENT.test(a)),
    env,
  };
}

export interface Upstream {
  sandbox: ChildSandbox;
  user: ChildSandbox['users'][number];
  space: number;
  transaction: number;
  subscription: number;
}

/** Starts the sandbox child and sets its added latency per REST request. */
export async function startUpstream(latencyMs: number): Promise<Upstream> {
  const sandbox = await startChildSandbox();
  const user = sandbox.users[0];
  const space = sandbox.spaces[0];
  const firstId = async (resource: string): Promise<number> => {
    const path = `/api/v2.0/${resource}/search?limit=1`;
    const res = await fetch(new URL(path, sandbox.baseUrl), {
      headers: { space: String(space), authorization: createSigner(user)('GET', path) },
    });
    return ((await res.json()) as { data: { id: number }[] }).data[0].id;
  };
  const transaction = await firstId('payment/transactions');
  const subscription = await firstId('subscriptions');
  const put = await fetch(new URL('/__admin/faults', sandbox.baseUrl), {
    method: 'PUT',
    body: JSON.stringify({ latencyMs }),
  });
  if (!put.ok) throw new Error(`setting the sandbox latency answered ${put.status}`);
  return { sandbox, user, space, transaction, subscription };
}

/** POSTs one GraphQL body from `connections` connections back to back for `seconds`. */
export function load(
  url: string,
  body: string,
  connections: number,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration: seconds,
  });
}

/** The options every load runner takes: builds, the scenario and the load. */
export function loadOptions(rounds: string) {
  return {
    build: { type: 'string', multiple: true, default: ['current=dist'] },
    scenario: { type: 'string', default: 'page' },
    rounds: { type: 'string', default: rounds },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
  } satisfies ParseArgsConfig['options'];
}

/** Writes a report to bench/profile/reports/<prefix>-<stamp>.md and says where. */
export function saveReport(prefix: string, text: string): void {
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.md`, dir);
  writeFileSync(file, `${text}\n`);
  process.stderr.write(`saved ${file.pathname}\n`);
}
