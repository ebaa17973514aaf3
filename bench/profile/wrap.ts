// `node --import tsx bench/profile/wrap.ts [--before DIR]`: CPU of turning one REST page (20
// transactions with their token, as the page scenario fetches it) into entities, per page, for the
// entity cache of this tree and, with --before, of another source tree (e.g. a `git archive` of an
// earlier commit), interleaved in 7 rounds; medians. In process, no HTTP: one change measured alone.
import { parseArgs } from 'node:util';
import { createRestClient } from '../../src/rest';
import { EntityCache } from '../../src/resolvers/entity-cache';
import { startChildSandbox } from '../sandbox/child-sandbox';

type CacheClass = new () => {
  wrap(o: Record<string, unknown>, model: string, space: number | null, expand: readonly string[]): unknown;
};

function perPage(Cache: CacheClass, text: string, space: number, pages: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < pages; i++) {
    const cache = new Cache();
    for (const row of (JSON.parse(text) as { data: Record<string, unknown>[] }).data)
      cache.wrap(row, 'Transaction', space, ['token']);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / pages;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { before: { type: 'string' }, pages: { type: 'string', default: '2000' } },
  });
  const sandbox = await startChildSandbox();
  const user = sandbox.users[0];
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  const space = sandbox.spaces[0];
  const body = await rest.call('searchTransactions', { space, query: { limit: 20, expand: ['token'] } });
  await rest.close();
  await sandbox.stop();
  const text = JSON.stringify(body);
  const variants: [string, CacheClass][] = [['this tree', EntityCache]];
  if (values.before) {
    const mod = (await import(`${values.before}/src/resolvers/entity-cache.ts`)) as {
      EntityCache: CacheClass;
    };
    variants.unshift(['before', mod.EntityCache]);
  }
  const pages = Number(values.pages);
  const parseOnly = class {
    wrap(o: Record<string, unknown>) {
      return o;
    }
  };
  variants.push(['JSON.parse alone', parseOnly]);
  const results = new Map<string, number[]>(variants.map(([n]) => [n, []]));
  for (const [, C] of variants) perPage(C, text, space, pages); // warm-up
  for (let round = 0; round < 7; round++)
    for (const [name, C] of variants) results.get(name)!.push(perPage(C, text, space, pages));
  console.log(`REST page of 20 transactions with token: ${text.length} bytes`);
  for (const [name, xs] of results)
    console.log(
      `${name}: ${median(xs).toFixed(4)} ms CPU per page (parse + wrap), range ${Math.min(...xs).toFixed(4)}-${Math.max(...xs).toFixed(4)}`,
    );
}

await main();
