// Dependency rules of paygraph, checked by `npm run check:deps` (part of `npm run lint` and `npm test`).
// The product's direction is server -> schema -> resolvers -> rest -> catalog; the sandbox is a
// separate program that shares only src/catalog, src/search-syntax and src/api-types (knowledge of the REST API)
// with it.
// Tests, benchmarks and scripts may import anything. Each rule's name is what a violation prints.

/** A self-contained folder: it imports nothing of the project but itself (packages only). */
function importsNothingOfTheProject(folder, what) {
  return {
    name: `${folder}-imports-nothing-of-the-project`,
    comment: `src/${folder} (${what}) imports nothing of the project.`,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: { dependencyTypes: ['local', 'aliased'], pathNot: `^src/${folder}/` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'product-not-to-sandbox-or-server',
      comment: 'src/rest, src/resolvers and src/schema never import the sandbox or the server.',
      severity: 'error',
      from: { path: '^src/(rest|resolvers|schema)/' },
      to: { path: '^src/(sandbox|server)/' },
    },
    {
      name: 'shared-knowledge-imports-only-itself',
      comment:
        'src/catalog and src/search-syntax import nothing of the project but each other (and packages).',
      severity: 'error',
      from: { path: '^src/(catalog|search-syntax)/' },
      to: { dependencyTypes: ['local', 'aliased'], pathNot: '^src/(catalog|search-syntax)/' },
    },
    importsNothingOfTheProject(
      'api-types',
      'the REST types generated from openapi.json, shared by the REST client and the sandbox',
    ),
    {
      name: 'sandbox-not-to-product',
      comment: 'The sandbox shares only src/catalog, src/search-syntax and src/api-types with the product.',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/(rest|resolvers|schema|server|live|redis)/' },
    },
    importsNothingOfTheProject(
      'redis',
      'the shared Redis connection and its health, used by resolvers, live and server alike',
    ),
    importsNothingOfTheProject('shared', 'primitives every part may import: the waiting line, long timers'),
    {
      name: 'direction-schema-not-to-server',
      comment:
        'Direction server -> schema -> resolvers -> rest -> catalog: the schema never imports the server.',
      severity: 'error',
      from: { path: '^src/schema/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'direction-resolvers-not-to-schema-or-server',
      comment:
        'Direction server -> schema -> resolvers -> rest -> catalog: the resolvers never import what is above them.',
      severity: 'error',
      from: { path: '^src/resolvers/' },
      to: { path: '^src/(schema|server)/' },
    },
    {
      name: 'direction-rest-not-to-resolvers-schema-or-server',
      comment:
        'Direction server -> schema -> resolvers -> rest -> catalog: the REST client never imports what is above it.',
      severity: 'error',
      from: { path: '^src/rest/' },
      to: { path: '^src/(resolvers|schema|server)/' },
    },
    {
      name: 'live-below-schema',
      comment:
        'src/live serves the schema: it uses the resolvers, rest and catalog, never the schema or the server.',
      severity: 'error',
      from: { path: '^src/live/' },
      to: { path: '^src/(schema|server|sandbox)/' },
    },
    {
      name: 'resolvers-and-rest-not-to-live',
      comment: 'The read and write paths know nothing of live updates.',
      severity: 'error',
      from: { path: '^src/(resolvers|rest|catalog|search-syntax)/' },
      to: { path: '^src/live/' },
    },
    {
      name: 'src-not-to-tests',
      comment: 'Production code never imports tests, benchmarks or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: a module never reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file or an installed package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    includeOnly: '^(src|test|bench|scripts|bin)/',
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle or a wrong-way import of types is still a wrong-way dependency.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mjs', '.js', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
