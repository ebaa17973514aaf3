// `npm run lint:code`: ESLint over the project with type-aware rules, whose TypeScript program holds
// the types they ask for. A program's type checking runs on one thread: with two cores, src/ and the
// rest run side by side in programs of their own (HALVES, about 30 s); on one core one program over the
// whole project is the fastest (43 s here, 1.75 GB); where the free memory is less than that, each area
// of the project runs in a node process of its own with a program of that area's files only (0.4-0.9 GB
// each, 100 s in all). Tasks run side by side as cores and free memory allow (task-pool.mjs). Every folder of src/ and test/ must belong to
// an area (a new one fails the run, named). A task that passed on exactly the files it would read now
// is not run again (inputsHash).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { freeMb, runTasks } from './task-pool.mjs';

const ROOT = resolve(import.meta.dirname, '..');
/** Heap bounds: an area's program, and the whole project's (1.75 GB RSS measured, 1 GB fails). */
const HEAP_MB = 1024;
const WHOLE_HEAP_MB = 2560;
/** Lint-only tsconfig files, written per area (eslint.config.js reads PAYGRAPH_LINT_TSCONFIG). */
const TSCONFIGS = join(ROOT, 'node_modules', '.cache', 'paygraph-lint');

/**
 * `program`: the TypeScript files of the area; `lint`: ESLint's arguments (defaults to `program`).
 * Longest first (peak RSS and time measured per area), so that the short ones fill in at the end.
 */
const AREAS = [
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
    name: 'tools',
    program: ['bench', 'examples', 'scripts/*.ts', 'vitest.config.ts', 'codegen.ts'],
    // Also the plain JavaScript files (bin/, scripts/*.mjs, configs): rules without types.
    lint: ['.', '--ignore-pattern', 'src/**', '--ignore-pattern', 'test/**'],
  },
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
  { name: 'src/server', program: ['src/server'] },
  { name: 'src/sandbox', program: ['src/sandbox'] },
  { name: 'src/schema', program: ['src/schema'] },
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

/** A tsconfig of `program`'s files only, for eslint.config.js (PAYGRAPH_LINT_TSCONFIG). */
function programFile(name, program) {
  mkdirSync(TSCONFIGS, { recursive: true });
  const tsconfig = join(TSCONFIGS, `tsconfig.${name}.json`);
  const include = program.map((p) => join(ROOT, p));
  writeFileSync(tsconfig, JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include }, null, 2));
  return tsconfig;
}

/** What ESLint reads besides node_modules: sources, configs and JSON (git's tracked and new files). */
const INPUT = /\.(ts|mts|cts|js|mjs|cjs|json)$/;

/**
 * A hash of everything ESLint's answer depends on: the content of every input file and the installed
 * packages' lock. Type-aware rules read across files, so one hash over all of them, not one per file
 * (ESLint's own --cache would keep a file's answer after a change to a type it uses). Undefined
 * outside a git work tree.
 */
function inputsHash() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 2 ** 26,
    }).split('\0');
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const file of [...files.filter((f) => INPUT.test(f)), 'node_modules/.package-lock.json'].sort()) {
    const path = join(ROOT, file);
    // A tracked file deleted in the work tree is not an input any more.
    if (existsSync(path)) hash.update(`${file}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

/** Where the inputs hash of a task's last passing run is kept. */
function passedStamp(name) {
  return join(TSCONFIGS, `passed.${name.replace(/[^a-z0-9]+/gi, '-')}`);
}

function lastPassed(name) {
  try {
    return readFileSync(passedStamp(name), 'utf8');
  } catch {
    return undefined;
  }
}

function eslintTask(name, tsconfig, heapMb, args) {
  return {
    name: `eslint ${name}`,
    command: process.execPath,
    args: [`--max-old-space-size=${heapMb}`, join(ROOT, 'node_modules/eslint/bin/eslint.js'), ...args],
    env: { PAYGRAPH_LINT_TSCONFIG: tsconfig },
    // The heap bound, and what node holds besides.
    memoryMb: heapMb + 256,
  };
}

const WHOLE = '(the whole project)';

/**
 * src/, and everything else (tests and tools), each with a program of its own files: 23 s and 29 s
 * alone here (1.2 and 1.6 GB), so on two cores the pair ends in about 30 s where the whole project in
 * one program takes 45 s on one core (the type checking a program needs runs on one thread).
 */
const HALVES = [
  {
    name: '(tests and tools)',
    program: AREAS.filter((a) => !a.program[0].startsWith('src/')).flatMap((a) => a.program),
    lint: ['.', '--ignore-pattern', 'src/**'],
    memoryMb: 1900,
  },
  {
    name: '(src)',
    program: AREAS.filter((a) => a.program[0].startsWith('src/')).flatMap((a) => a.program),
    lint: ['src'],
    memoryMb: 1500,
  },
];

/**
 * The two halves side by side where two cores and the memory for both are free, else the whole project
 * in one task where the memory allows it, else one task per area (PAYGRAPH_LINT_AREAS=1 asks for the
 * areas anyway, PAYGRAPH_LINT_JOBS=1 for one task at a time).
 */
function allTasks() {
  const areas = process.env.PAYGRAPH_LINT_AREAS === '1';
  const cores = Math.min(availableParallelism(), Number(process.env.PAYGRAPH_LINT_JOBS) || Infinity);
  const free = freeMb();
  if (!areas && cores >= 2 && free > HALVES.reduce((mb, h) => mb + h.memoryMb, 0) + 512) {
    return HALVES.map((half, i) => ({
      ...eslintTask(half.name, programFile(`half${i}`, half.program), WHOLE_HEAP_MB, half.lint),
      memoryMb: half.memoryMb,
    }));
  }
  if (!areas && free > WHOLE_HEAP_MB + 512) {
    const program = AREAS.flatMap((a) => a.program);
    return [eslintTask(WHOLE, programFile('whole', program), WHOLE_HEAP_MB, ['.'])];
  }
  return AREAS.map((area, i) =>
    eslintTask(area.name, programFile(String(i), area.program), HEAP_MB, area.lint ?? area.program),
  );
}

/**
 * The ESLint tasks to run: those whose last passing run saw other inputs than now (each said so and
 * left out otherwise; PAYGRAPH_LINT_FRESH=1 runs them all). Each remembers the inputs it passed on.
 * Throws naming a folder no area lints.
 */
function eslintTasks() {
  const missing = unassigned();
  if (missing.length)
    throw new Error(`no area of scripts/lint-code.mjs lints ${missing.join(', ')}: add each to one`);
  const inputs = inputsHash();
  return allTasks().filter((task) => {
    if (inputs === undefined) return true;
    // The whole project passing covers each half and area.
    const passed = [lastPassed(task.name), lastPassed(`eslint ${WHOLE}`)];
    if (process.env.PAYGRAPH_LINT_FRESH !== '1' && passed.includes(inputs)) {
      console.log(
        `ok   ${task.name}: nothing it reads changed since it last passed (PAYGRAPH_LINT_FRESH=1 runs it anyway)`,
      );
      return false;
    }
    task.onPassed = () => writeFileSync(passedStamp(task.name), inputs);
    return true;
  });
}

/** eslintTasks(), or the run ended with the reason there are none (under `title`). */
export function eslintTasksOrExit(title) {
  try {
    return eslintTasks();
  } catch (error) {
    console.log(`${title}: ${error.message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.chdir(ROOT);
  process.exit((await runTasks('lint:code', eslintTasksOrExit('lint:code'))) ? 0 : 1);
}
