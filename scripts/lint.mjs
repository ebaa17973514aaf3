// `npm run lint`: the dependency rules, the format checks (Biome for code and JSON, Prettier for Markdown
// and GraphQL) and ESLint (lint-code.mjs: the whole project in one program, or area by area), run side by
// side as the machine's cores and free memory allow, each one's output printed whole when it ends, and a
// line per task as it ends.
import { join, resolve } from 'node:path';
import { eslintTasksOrExit } from './lint-code.mjs';
import { runTasks } from './task-pool.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const bin = (path) => join(ROOT, 'node_modules', path);
process.chdir(ROOT);

const tasks = [
  ...eslintTasksOrExit('lint'),
  {
    // Code is formatted by Biome: half a second where Prettier took 13-17 s of the run's CPU.
    name: 'biome format .',
    command: process.execPath,
    args: [bin('@biomejs/biome/bin/biome'), 'format', '.'],
    memoryMb: 200,
  },
  {
    name: 'prettier --check . (Markdown, GraphQL)',
    command: process.execPath,
    // Prettier's cache keeps each file's answer by its content: a run after few changes reads few files.
    args: [
      bin('prettier/bin/prettier.cjs'),
      '--check',
      '.',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      join(ROOT, 'node_modules', '.cache', 'paygraph-lint', 'prettier'),
    ],
    memoryMb: 300,
  },
  {
    name: 'dependency rules (check:deps)',
    command: 'npm',
    args: ['run', '-s', 'check:deps'],
    memoryMb: 300,
  },
];
process.exit((await runTasks('lint', tasks)) ? 0 : 1);
