// graphql-jit behind envelop's plugin, in a module of its own so that compiled execution can load it
// when the first document runs instead of at start (a bundled package is imported statically here).
import { useGraphQlJit } from '@envelop/graphql-jit';
// The CommonJS file, by tsconfig.json's `paths` (its ESM files do not load beside the CommonJS ones).
export { compileVariableParsing } from 'graphql-jit/dist/variables';

/** The plugin that compiles documents; answers are serialized by yoga as for graphql-js. */
export const createJit = () => useGraphQlJit({ customJSONSerializer: false });
