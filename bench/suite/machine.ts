// The facts a report needs to be compared with another: machine, load, commit and every version.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Machine } from './results';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = [
  'graphql',
  'graphql-yoga',
  '@pothos/core',
  'undici',
  'jose',
  '@graphql-hive/gateway',
  '@graphql-hive/gateway-runtime',
  '@graphql-mesh/compose-cli',
  '@omnigraph/openapi',
  'esbuild',
];

function version(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'not installed';
  }
}

/** The commit measured; BENCH_COMMIT names it when the run is from an exported tree (no .git). */
export function benchCommit(): string {
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${head} (src/ with uncommitted changes)` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function machineFacts(loadBefore: number[], composeMs: number, durationS: number): Machine {
  const list = cpus();
  const own = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  return {
    date: new Date().toISOString(),
    node: process.version,
    os: `${type()} ${release()}`,
    cpus: `${list.length} × ${list[0]?.model ?? 'unknown CPU'}`,
    memoryGb: totalmem() / 2 ** 30,
    loadBefore,
    loadAfter: loadavg(),
    commit: benchCommit(),
    versions: { paygraph: own.version, ...Object.fromEntries(PACKAGES.map((p) => [p, version(p)])) },
    composeMs,
    durationS,
  };
}
