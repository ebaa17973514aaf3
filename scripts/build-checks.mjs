// What the production build checks of its bundle before writing it: one graphql-js, one copy of the
// promise helpers, no dynamic import of a bundled package, no bundled code looking for files beside it.
import { realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Fails the build when a copy of @whatwg-node/promise-helpers is bundled beside promiseHelpersPlugin's. */
export function assertOnePromiseHelpers(metafile) {
  const copies = Object.keys(metafile.inputs).filter((f) => /[/\\]promise-helpers[/\\]/.test(f));
  if (copies.length > 0)
    throw new Error(
      `@whatwg-node/promise-helpers bundled beside src/server/http/promise-helpers.ts: ${copies[0]}`,
    );
}

/** Fails the build unless graphql-js is bundled as one copy: the installed one, ESM files only. */
export function assertOneGraphql(metafile) {
  // esbuild names inputs by their real path: node_modules may be a symbolic link (a tree exported to build a commit).
  const own = realpathSync(join(ROOT, 'node_modules', 'graphql')) + sep;
  const files = Object.keys(metafile.inputs)
    .map((f) => resolve(ROOT, f))
    .filter((f) => /[/\\]node_modules[/\\]graphql[/\\]/.test(f));
  const stray = files.filter((f) => !f.startsWith(own) || !f.endsWith('.mjs'));
  if (files.length === 0 || stray.length > 0) {
    throw new Error(
      `graphql-js must be bundled once, from ${own} (ESM): ${stray.slice(0, 3).join(', ') || 'not found'}`,
    );
  }
}

/**
 * Fails the build on `import('<package>')` of a bundled package in src/: esbuild gives a CommonJS
 * package imported that way only a default export, so its named exports would be undefined at run
 * time. Import the package statically from a module of our own, and import that module dynamically.
 */
export function assertNoDynamicPackageImports(metafile) {
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (!file.startsWith('src/')) continue;
    const bad = input.imports.find(
      (i) => i.kind === 'dynamic-import' && !i.external && i.path.includes('node_modules/'),
    );
    if (bad)
      throw new Error(
        `${file}: import('${bad.original ?? bad.path}') of a bundled package; import it statically from a module of src/`,
      );
  }
}

/**
 * Fails the build when bundled code uses `__dirname` or `__filename` (other than to test for them):
 * in the bundle they are undefined, and a package that finds files next to its own code must be
 * added to KEEP_EXTERNAL.
 */
export function assertNoOwnFolderLookups(outputFiles) {
  const guarded = /typeof (__dirname|__filename) !== "undefined" \? \1\b/g;
  for (const file of outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const text = file.text.replace(guarded, (whole) => ' '.repeat(whole.length));
    const use = /\b__(dirname|filename)\b/.exec(text);
    if (!use) continue;
    // esbuild heads each bundled file's code with a comment naming it.
    const from =
      [...text.slice(0, use.index).matchAll(/^\/\/ (node_modules\/\S+)$/gm)].pop()?.[1] ?? 'a bundled file';
    throw new Error(`${from} uses ${use[0]}: add its package to KEEP_EXTERNAL in scripts/build.mjs`);
  }
}
