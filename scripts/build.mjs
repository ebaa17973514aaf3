// The production build: src/server/cli.ts bundled by esbuild into dist/ (ESM for Node 20, code split so
// the graph's chunk is loaded only by the commands that serve it). Packages are bundled too: resolving
// and loading some 1,500 package files one by one was about a quarter of `serve`'s cold start. Those
// that find files next to their own code at run time (workers, fonts, data) stay external (KEEP_EXTERNAL).
// graphql-js must stay one copy for Pothos, yoga and us: every import and require of it resolves to
// the installed copy's ESM files (graphqlEsmPlugin), and the build fails if any other file of it is in.
// Files read at run time through `new URL('<relative path>', import.meta.url)` are copied into dist/
// under their path in src/, and the URL in the bundle is rewritten to point at the copy.
// Packages bundled as something else are in build-substitutions.mjs, the checks of the bundle in
// build-checks.mjs. `node scripts/build.mjs [outdir]` builds; bin/paygraph.mjs builds on start when
// dist/ is not current.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assertNoDynamicPackageImports,
  assertNoOwnFolderLookups,
  assertOneGraphql,
  assertOnePromiseHelpers,
} from './build-checks.mjs';
import {
  graphqlEsmPlugin,
  promiseHelpersPlugin,
  responseCacheSchemaWalkPlugin,
} from './build-substitutions.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
export const DEFAULT_OUTDIR = join(ROOT, 'dist');
const ENTRY = 'cli';
const STAMP = 'BUILD_STAMP';
/** Inputs of the build besides src/: a change to this script or to the installed packages makes dist/ stale. */
const BUILD_INPUTS = [
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('build-substitutions.mjs', import.meta.url)),
  fileURLToPath(new URL('build-checks.mjs', import.meta.url)),
  join(ROOT, 'package-lock.json'),
  join(ROOT, 'node_modules', '.package-lock.json'),
];

/**
 * Packages left to Node instead of bundled, each because it reads files or starts workers by paths
 * relative to its own code (`__dirname`), which bundling would break; or, for GraphiQL's renderer,
 * because it is loaded on the first page request only and is large.
 */
export const KEEP_EXTERNAL = [
  'ioredis', // error stacks are trimmed by its own folder; loaded on first use (LOAD_ON_FIRST_USE)
  'pdfkit', // fonts (sandbox)
  'bankdata-germany', // its data files (sandbox)
  '@graphql-yoga/render-graphiql', // about 9 MB, loaded on the first GraphiQL page
];

/**
 * External packages that serve needs only in some set-ups, with the classes src/ takes from them: in
 * the bundle each class is a stand-in that loads the package on its first `new` (ioredis, about a
 * twentieth of a cold start, is used only with REDIS_URL). Importing any other name fails the build.
 */
const LOAD_ON_FIRST_USE = { ioredis: ['Redis'] };

/**
 * Packages a bundled package imports but paygraph never calls, with the names it imports and why they
 * are never called: each is bundled as a module whose functions throw, saying so, if called after all.
 * graphql-jit compiles a serializer with fast-json-stringify (and through it ajv, about 0.5 MB of the
 * bundle, evaluated when graphql-jit loads) only when its `customJSONSerializer` is on; it is off
 * (src/server/execution/jit.ts: yoga serializes). @pothos/plugin-federation imports @apollo/subgraph's
 * printer (and through it @apollo/federation-internals, 0.7 MB evaluated at start) for its
 * toSubGraphSchema, which paygraph does not use: src/schema/federation.ts builds the subgraph, and its
 * printer is imported by file, when the SDL is first asked for (src/schema/subgraph-sdl.ts).
 */
const NEVER_CALLED = {
  'fast-json-stringify': {
    names: ['default'],
    why: 'graphql-jit with customJSONSerializer, which paygraph turns off',
  },
  '@apollo/subgraph': {
    names: ['printSubgraphSchema'],
    why: "@pothos/plugin-federation's toSubGraphSchema, which paygraph does not use",
  },
};

/**
 * Files of bundled packages that load what paygraph never calls, each bundled as a CommonJS module whose
 * export throws, saying so, if called after all. pino's transports run worker files found next to its
 * own code (bundling would break them) and load thread-stream and worker_threads; paygraph's logger
 * writes to a stream it gives pino (src/server/ops/logger.ts), so pino itself is bundled: loading its
 * 30 files from node_modules was about 4% of a cold start.
 */
const NEVER_CALLED_FILES = {
  'pino/lib/transport.js': "pino's transports, which paygraph does not use (its logger writes to a stream)",
};

// Bundled CommonJS packages call require() for Node's built-in modules; ESM output has no require.
const REQUIRE_BANNER =
  "import { createRequire as __paygraphRequire } from 'node:module'; const require = __paygraphRequire(import.meta.url);";

const ASSET_URL = /new URL\((['"])(\.{1,2}\/[^'"]+)\1,\s*import\.meta\.url\)/g;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** True when outdir holds a build newer than every file of src/ (and than this script). */
export function isBuildCurrent(outdir = DEFAULT_OUTDIR, src = SRC) {
  const stamp = join(outdir, STAMP);
  if (!existsSync(stamp) || !existsSync(join(outdir, `${ENTRY}.js`))) return false;
  const built = statSync(stamp).mtimeMs;
  return newestMtime(src) < built && BUILD_INPUTS.every((f) => !existsSync(f) || statSync(f).mtimeMs < built);
}

/** Rewrites `new URL('./x.json', import.meta.url)` to the copy's place in outdir; collects the files to copy. */
function assetsPlugin(assets) {
  return {
    name: 'assets-next-to-code',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url') || !args.path.startsWith(SRC + sep)) return undefined;
        const contents = source.replace(ASSET_URL, (whole, quote, rel) => {
          const file = resolve(dirname(args.path), rel);
          if (!file.startsWith(SRC + sep))
            throw new Error(`${relative(ROOT, args.path)}: ${rel} is outside src/`);
          if (!existsSync(file)) throw new Error(`${relative(ROOT, args.path)}: ${rel} does not exist`);
          const target = relative(SRC, file).split(sep).join('/');
          assets.set(target, file);
          // Every output file sits at the top of outdir (entryNames and chunkNames have no folder).
          return `new URL(${quote}./${target}${quote}, import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Marks KEEP_EXTERNAL packages (and their subpaths) external; everything else is bundled. */
function keepExternalPlugin() {
  const names = KEEP_EXTERNAL.map((n) => n.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|');
  return {
    name: 'keep-external',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names})(/|$)`) }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
}

/** Resolves src/'s imports of a LOAD_ON_FIRST_USE package to a module of stand-ins for its classes. */
function loadOnFirstUsePlugin() {
  const names = Object.keys(LOAD_ON_FIRST_USE).join('|');
  return {
    name: 'load-on-first-use',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) =>
        args.namespace === 'load-on-first-use'
          ? undefined
          : { path: args.path, namespace: 'load-on-first-use' },
      );
      build.onLoad({ filter: /.*/, namespace: 'load-on-first-use' }, (args) => {
        const classes = LOAD_ON_FIRST_USE[args.path].map(
          (name) => `export function ${name}(...args) { return new (load().${name})(...args); }`,
        );
        const contents = [
          "import { createRequire } from 'node:module';",
          'let loaded;',
          `const load = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(args.path)}));`,
          ...classes,
        ].join('\n');
        return { contents, loader: 'js', resolveDir: ROOT };
      });
    },
  };
}

/** The body of a function that says `what` is not in the build, and why it should not have been called. */
function neverCalledBody(what, why) {
  const message = JSON.stringify(`${what} is left out of the build: it is used only by ${why}`);
  return `{ throw new Error(${message}); }`;
}

/** Resolves NEVER_CALLED packages to a function that says why it should not have been called. */
function neverCalledPlugin() {
  const names = Object.keys(NEVER_CALLED).join('|');
  return {
    name: 'never-called',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => ({
        path: args.path,
        namespace: 'never-called',
      }));
      build.onLoad({ filter: /.*/, namespace: 'never-called' }, (args) => {
        const { names, why } = NEVER_CALLED[args.path];
        const body = neverCalledBody(args.path, why);
        const contents = names
          .map((name) =>
            name === 'default'
              ? `export default function neverCalled() ${body}`
              : `export function ${name}() ${body}`,
          )
          .join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/** Loads each NEVER_CALLED_FILES file as a function that says why it should not have been called. */
function neverCalledFilesPlugin() {
  const ends = Object.keys(NEVER_CALLED_FILES);
  const escaped = ends.map((e) =>
    e.replace(/[/\\^$*+?.()|[\]{}]/g, (c) => (c === '/' ? '[/\\\\]' : `\\${c}`)),
  );
  return {
    name: 'never-called-files',
    setup(build) {
      build.onLoad({ filter: new RegExp(`[/\\\\](${escaped.join('|')})$`) }, (args) => {
        const end = ends.find((e) => args.path.split(sep).join('/').endsWith(`/${e}`));
        const body = neverCalledBody(end, NEVER_CALLED_FILES[end]);
        return { contents: `module.exports = function neverCalled() ${body};`, loader: 'js' };
      });
    },
  };
}

/** Writes a file so that a reader sees the old or the new content, never a part (concurrent starts may build at once). */
function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/** Builds into outdir; returns the entry file's path. */
export async function build(outdir = DEFAULT_OUTDIR) {
  const { build: esbuild } = await import('esbuild');
  const assets = new Map();
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: { [ENTRY]: join(SRC, 'server', 'cli.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // Licence comments go to a .LEGAL.txt beside each file: one non-ASCII character in a comment
    // (formdata-polyfill's author) made V8 hold a whole 0.57 MB chunk as two-byte source text.
    legalComments: 'linked',
    write: false,
    metafile: true,
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
    plugins: [
      graphqlEsmPlugin(),
      responseCacheSchemaWalkPlugin(),
      promiseHelpersPlugin(),
      neverCalledPlugin(),
      neverCalledFilesPlugin(),
      loadOnFirstUsePlugin(),
      keepExternalPlugin(),
      assetsPlugin(assets),
    ],
  });
  assertOneGraphql(result.metafile);
  assertOnePromiseHelpers(result.metafile);
  assertNoDynamicPackageImports(result.metafile);
  assertNoOwnFolderLookups(result.outputFiles);
  const written = new Set([STAMP]);
  for (const file of result.outputFiles) {
    writeAtomically(file.path, file.contents);
    written.add(relative(outdir, file.path));
  }
  for (const [target, file] of assets) {
    writeAtomically(join(outdir, target), readFileSync(file));
    written.add(target.split('/')[0]);
  }
  // Chunks of earlier builds (their names carry a hash) are removed; the copied assets' folders stay.
  for (const name of readdirSync(outdir)) {
    if (!written.has(name) && /\.js(\.map)?$/.test(name)) rmSync(join(outdir, name), { force: true });
  }
  writeAtomically(join(outdir, STAMP), `${new Date().toISOString()}\n`);
  return join(outdir, `${ENTRY}.js`);
}

/** The entry of a current build in dist/, building it first when a source is newer. */
export async function ensureBuilt() {
  if (isBuildCurrent()) return join(DEFAULT_OUTDIR, `${ENTRY}.js`);
  process.stderr.write('paygraph: building dist/ (missing or older than src/)\n');
  return build();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = resolve(process.argv[2] ?? DEFAULT_OUTDIR);
  const started = performance.now();
  const entry = await build(outdir);
  console.log(
    `built ${relative(process.cwd(), entry) || entry} in ${Math.round(performance.now() - started)} ms`,
  );
}
