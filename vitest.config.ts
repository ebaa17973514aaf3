import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql-js build for everything: Pothos would otherwise load the CommonJS build while test
  // files load the ESM one, and graphql-js refuses schemas from "another module or realm".
  // graphql-jit's ESM files import each other without extensions and mix with its CommonJS ones: its
  // variable parser is taken from its CommonJS build, as tsconfig.json's `paths` says for tsc, tsx and
  // esbuild (vitest does not read `paths`).
  resolve: {
    alias: {
      graphql: 'graphql/index.js',
      'graphql-jit/dist/variables': fileURLToPath(
        new URL('node_modules/graphql-jit/dist/variables.js', import.meta.url),
      ),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's modules: the schema, the catalog and the sandbox are loaded once
    // per worker rather than once per file (loading them was a third of the suite's time). Every file
    // starts its own servers and worlds, so nothing a test sees is left over from another file.
    isolate: false,
    // One worker more than cores: the slowest files wait on child processes, Chromium, Redis outages and
    // the REST latency they inject, not on the CPU, and left a core idle while they waited. The
    // busy-gate test, which failed once with a third worker, keeps its event loop busy whatever the
    // machine's load since 2fbcd54.
    maxWorkers: availableParallelism() + 1,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) between runs: a run
    // after the first transforms only what changed.
    experimental: { fsModuleCache: true },
  },
});
