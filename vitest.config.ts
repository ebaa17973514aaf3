import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One graphql-js build for everything: Pothos would otherwise load the CommonJS build while test
  // files load the ESM one, and graphql-js refuses schemas from "another module or realm".
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
