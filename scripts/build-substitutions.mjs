// Packages the production build bundles as something other than their own files, each for a cost it
// measured: graphql-js as its ESM files, @envelop/response-cache reading the schema without rebuilding
// it, and yoga's promise helpers as their 2.x code. Each fails the build when its package changes shape.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

/**
 * Resolves every import and require of graphql-js to its ESM files. Its CommonJS build re-exports
 * through getters, and esbuild's CommonJS interop wraps them in getters again: the executor paid both
 * on every call (about 3% of an operation's CPU). ESM is bundled as direct references, and tree-shaken.
 * Its `instanceOf` is bundled as plain `instanceof` whatever NODE_ENV says: outside production,
 * graphql-js guards against a second copy of itself by inspecting the constructor and toStringTag of
 * every value that is not an instance (each `isListType`, `isNonNullType`... of execution and input
 * coercion: 4% of a 250-item bulk mutation's CPU), and the build already fails on a second copy
 * (assertOneGraphql).
 */
export function graphqlEsmPlugin() {
  return {
    name: 'graphql-esm',
    setup(build) {
      const dir = realpathSync(join(ROOT, 'node_modules', 'graphql'));
      build.onResolve({ filter: /^graphql(\/.*)?$/ }, (args) => {
        const sub = args.path.slice('graphql/'.length).replace(/\.m?js$/, '') || 'index';
        const file = [join(dir, `${sub}.mjs`), join(dir, sub, 'index.mjs')].find((f) => existsSync(f));
        return file ? { path: file } : undefined;
      });
      build.onLoad({ filter: /[/\\]graphql[/\\]jsutils[/\\]instanceOf\.mjs$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const plain = source.replace(/const isProduction =[^;]*;/, 'const isProduction = true;');
        if (plain === source)
          throw new Error(`graphql-js' instanceOf.mjs changed shape: no isProduction to set in ${args.path}`);
        return { contents: plain, loader: 'js' };
      });
    },
  };
}

/**
 * Has @envelop/response-cache read the schema at start with walkSchemaFields instead of graphql-tools'
 * mapSchema, which rebuilds the whole schema for answers the plugin throws away (about a tenth of a
 * start's CPU with the response cache on; src/server/cache/schema-field-walk.ts, whose test holds the
 * two to the same mapper calls). Fails the build when the plugin no longer calls mapSchema once.
 */
export function responseCacheSchemaWalkPlugin() {
  const walk = join(ROOT, 'src', 'server', 'cache', 'schema-field-walk.ts');
  return {
    name: 'response-cache-schema-walk',
    setup(build) {
      build.onLoad({ filter: /[/\\]@envelop[/\\]response-cache[/\\]esm[/\\]plugin\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const calls = source.split('mapSchema(schema, {').length - 1;
        if (calls !== 1)
          throw new Error(
            `@envelop/response-cache changed shape: ${calls} mapSchema(schema, ...) calls in ${args.path}`,
          );
        const contents = `import { walkSchemaFields } from ${JSON.stringify(walk)};\n${source.replace(
          'mapSchema(schema, {',
          'walkSchemaFields(schema, {',
        )}`;
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Resolves every import and require of @whatwg-node/promise-helpers (1.x, which graphql-yoga, envelop and
 * @whatwg-node/server ask for) to src/server/http/promise-helpers.ts: its 2.x code with 1.x's API, which
 * answers a hook chain's steps synchronously where nothing waits instead of through three fake promises a
 * step (1.x's were 14% of the bytes a served page allocates). One copy is bundled in place of three
 * (assertOnePromiseHelpers).
 */
export function promiseHelpersPlugin() {
  const helpers = join(SRC, 'server', 'http', 'promise-helpers.ts');
  return {
    name: 'promise-helpers-2',
    setup(build) {
      build.onResolve({ filter: /^@whatwg-node\/promise-helpers$/ }, () => ({ path: helpers }));
    },
  };
}
