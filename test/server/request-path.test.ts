// src/server/README.md's "A request, step by step" is the plugin list of src/server/app.ts in words:
// the same steps, in the same order, naming the same plugin files. Both are read as text, so the
// document cannot drift from the code: a plugin added, moved or renamed in one and not the other fails.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = 'src/server';

interface Step {
  n: number;
  name: string;
  /** Where each of its plugins comes from: a file under src/server, or a package. */
  files: string[];
}

/** The text between `open` (an opening bracket at that index) and its closing bracket. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    if (text[i] === ']' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced brackets after `plugins: [`');
}

/** Every imported name of `source` and the module it comes from, as written. */
function importsOf(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!;
      if (name) names.set(name, m[2]);
    }
  }
  return names;
}

/** A module as the README names it: a path under src/server with its file, or a package's name. */
function moduleFile(spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const path = posix.join(SERVER, spec);
  const file = existsSync(path) && statSync(path).isDirectory() ? posix.join(path, 'index.ts') : `${path}.ts`;
  return posix.relative(SERVER, file);
}

/** The steps of app.ts: each `// N. Name:` comment in its plugin list and the `use*(` calls under it. */
export function stepsOfApp(source: string): Step[] {
  const start = source.indexOf('plugins: [');
  if (start < 0) throw new Error('app.ts has no `plugins: [` list');
  const list = bracketed(source, start + 'plugins: '.length);
  const imports = importsOf(source);
  const steps: Step[] = [];
  for (const line of list.split('\n')) {
    const heading = /^\s*\/\/ (\d+)\. ([^:]+):/.exec(line);
    if (heading) {
      steps.push({ n: Number(heading[1]), name: heading[2].trim(), files: [] });
      continue;
    }
    if (/^\s*\/\//.test(line)) continue;
    for (const call of line.matchAll(/\b(use[A-Z]\w*)\(/g)) {
      const from = imports.get(call[1]);
      if (!from) throw new Error(`${call[1]} in the plugin list is not imported by app.ts`);
      if (steps.length === 0) throw new Error(`${call[1]} comes before the first step's comment`);
      steps[steps.length - 1].files.push(moduleFile(from));
    }
  }
  return steps;
}

/** The README's numbered steps: `N. **Name** (`file`, `file`): ...`. */
export function stepsOfReadme(readme: string): Step[] {
  const start = readme.indexOf('## A request, step by step');
  if (start < 0) throw new Error('the README has no "A request, step by step" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^(\d+)\. \*\*([^*]+)\*\* \(([^)]*)\)/gm)].map((m) => ({
    n: Number(m[1]),
    name: m[2].trim(),
    files: [...m[3].matchAll(/`([^`]+)`/g)].map((f) => f[1]),
  }));
}

const appSource = readFileSync(`${SERVER}/app.ts`, 'utf8');
const readme = readFileSync(`${SERVER}/README.md`, 'utf8');

describe('the request path, step by step', () => {
  it('README.md names the steps of app.ts in order, with the same plugin files', () => {
    const app = stepsOfApp(appSource);
    expect(app.length).toBeGreaterThan(5);
    expect(app.every((step) => step.files.length > 0)).toBe(true);
    expect(stepsOfReadme(readme)).toEqual(app);
  });

  it('numbers the steps 1 to n and names only files that exist', () => {
    const steps = stepsOfApp(appSource);
    expect(steps.map((s) => s.n)).toEqual(steps.map((_, i) => i + 1));
    for (const file of steps.flatMap((s) => s.files).filter((f) => !f.startsWith('@'))) {
      expect(existsSync(posix.join(SERVER, file)), file).toBe(true);
    }
  });

  it('sees a README that disagrees: steps swapped, a plugin file left out or renamed', () => {
    const app = stepsOfApp(appSource);
    const [first, second] = [/^1\. \*\*/m, /^2\. \*\*/m].map((re) => readme.search(re));
    const swapped =
      readme.slice(0, first) +
      readme.slice(second).replace(/^2\. /m, '1. ') +
      readme.slice(first, second).replace(/^1\. /m, '2. ');
    expect(stepsOfReadme(swapped)).not.toEqual(app);
    expect(stepsOfReadme(readme.replace('`cost/use-cost.ts`', '`cost/use-costs.ts`'))).not.toEqual(app);
    expect(stepsOfReadme(readme.replace(', `ops/use-tracing.ts`', ''))).not.toEqual(app);
  });

  it('sees an app.ts that disagrees: a plugin added to a step', () => {
    const added = appSource.replace('useCost({', 'useErrorCap(1), useCost({');
    expect(stepsOfReadme(readme)).not.toEqual(stepsOfApp(added));
  });
});
