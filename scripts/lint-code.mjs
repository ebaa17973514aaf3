// `npm run lint:code`: ESLint over one area at a time, each in a node process of its own with a
// TypeScript program of that area's files only (and what they import). Type-aware rules hold the
// program and the types they ask for: over the whole project that was 0.9-1 GB of heap per process,
// which a smaller machine killed without a word after Prettier's line; an area of its own program
// needs 0.4-0.6 GB. Every folder of src/ and test/ must belong to an area (a new one fails the run,
// named), and a run that ends without a result is named with how it ended.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const HEAP_MB = 1024;
/** Lint-only tsconfig files, written per area (eslint.config.js reads PAYGRAPH_LINT_TSCONFIG). */
const TSCONFIGS = join(ROOT, 'node_modules', '.cache', 'paygraph-lint');

/** `program`: the TypeScript files of the area; `lint`: ESLint's arguments (defaults to `program`). */
const AREAS = [
  { name: 'src/schema', program: ['src/schema'] },
  { name: 'src/server', program: ['src/server'] },
  { name: 'src/sandbox', program: ['src/sandbox'] },
  {
    name: 'src (the rest)',
    program: [
      'src/api-types',
      'src/catalog',
      'src/live',
      'src/redis',
      'src/resolvers',
      'src/rest',
      'src/search-syntax',
      'src/shared',
    ],
  },
  {
    name: 'test (REST, sandbox, resolvers)',
    program: [
      'test/rest',
      'test/sandbox',
      'test/resolvers',
      'test/search-syntax',
      'test/shared',
      'test/schema',
      'test/support',
    ],
  },
  { name: 'test (graph, mutations, live)', program: ['test/graphql', 'test/mutations', 'test/live'] },
  {
    name: 'test (server, ops, security, clients)',
    program: [
      'test/server',
      'test/ops',
      'test/security',
      'test/clients',
      'test/contract',
      'test/federation',
      'test/bench',
    ],
  },
  {
    name: 'tools',
    program: ['bench', 'examples', 'scripts/*.ts', 'vitest.config.ts', 'codegen.ts'],
    // Also the plain JavaScript files (bin/, scripts/*.mjs, configs): rules without types.
    lint: ['.', '--ignore-pattern', 'src/**', '--ignore-pattern', 'test/**'],
  },
];

/** Folders of generated files only, which eslint.config.js ignores. */
const GENERATED = ['test/operations'];

/** The folders of src/ and test/ no area names. */
function unassigned() {
  const named = new Set([...AREAS.flatMap((a) => a.program), ...GENERATED]);
  return ['src', 'test'].flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !named.has(`${top}/${e.name}`))
      .map((e) => `${top}/${e.name}`),
  );
}

// On stdout, where ESLint prints its findings: a log that keeps only stdout still says why.
const say = (message) => console.log(message);

const missing = unassigned();
if (missing.length) {
  say(`lint:code: no area of scripts/lint-code.mjs lints ${missing.join(', ')}: add each to one`);
  process.exit(1);
}

mkdirSync(TSCONFIGS, { recursive: true });
let failed = false;
for (const [i, area] of AREAS.entries()) {
  const tsconfig = join(TSCONFIGS, `tsconfig.${i}.json`);
  const include = area.program.map((p) => join(ROOT, p));
  writeFileSync(tsconfig, JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include }, null, 2));
  const run = spawnSync(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, 'node_modules/eslint/bin/eslint.js', ...(area.lint ?? area.program)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PAYGRAPH_LINT_TSCONFIG: tsconfig } },
  );
  if (run.status === 0) continue;
  failed = true;
  // ESLint exits 1 for problems it printed; anything else is the process ending before its result.
  if (run.status !== 1)
    say(
      `eslint (${area.name}) ended without a result: ${run.signal ? `killed by ${run.signal}` : `exit ${run.status}`}` +
        ` (${HEAP_MB} MB heap bound; a signal usually means the machine ran out of memory)`,
    );
}
process.exit(failed ? 1 : 0);
