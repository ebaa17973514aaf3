// What the contenders run, made once per benchmark run: the production build of paygraph (the build
// `npm start` makes, by the same script), the Mesh supergraph composed over src/rest/openapi.json, and the minimum server
// bundled to plain JavaScript. Each is timed; generated files go to node_modules/.cache.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from '../../scripts/build.mjs';
import type { Artifacts } from './contenders';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CACHE = here('../../node_modules/.cache/paygraph-bench/');
const MESH_COMPOSE = here('../../node_modules/@graphql-mesh/compose-cli/esm/bin.js');

export interface Prepared extends Artifacts {
  /** Milliseconds to compose the Mesh supergraph. */
  composeMs: number;
}

async function composeSupergraph(output: string): Promise<void> {
  const child = spawn(process.execPath, [MESH_COMPOSE, '--output', output], {
    cwd: here('./mesh/'),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`mesh-compose failed (exit ${code}): ${stderr}`);
}

async function bundleMinimum(outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [here('./minimum/server.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
}

export async function prepareArtifacts(): Promise<Prepared> {
  mkdirSync(CACHE, { recursive: true });
  // Built once into a folder of the run's own: a rebuild of dist/ while the run lasts changes nothing here.
  // BENCH_PAYGRAPH_CLI names a build made beforehand instead (one commit's, for an A/B with `before`).
  const paygraphCli = process.env.BENCH_PAYGRAPH_CLI ?? (await build(`${CACHE}dist`));
  const supergraph = `${CACHE}supergraph.graphql`;
  const started = performance.now();
  await composeSupergraph(supergraph);
  const composeMs = performance.now() - started;
  const minimumServer = `${CACHE}minimum-server.mjs`;
  await bundleMinimum(minimumServer);
  return { paygraphCli, supergraph, minimumServer, composeMs };
}
