// The subgraph SDL's printer, loaded on the first `_service { sdl }`: @apollo/subgraph's printer
// brings @apollo/federation-internals (about 0.7 MB of code) that nothing else of a request needs, and
// a gateway asks for the SDL when it composes, not on every start.
// By file: the package's index is left out of the bundle (scripts/build.mjs, NEVER_CALLED).
import { printSubgraphSchema } from '@apollo/subgraph/dist/printSubgraphSchema.js';
import { GraphQLSchema, lexicographicSortSchema, specifiedDirectives } from 'graphql';

/**
 * The subgraph SDL: the schema with its federation directives, without the federation fields and
 * types, sorted. Left out as well: @defer / @stream (the gateway's own in a supergraph), and types no
 * field reaches (REST enums only request bodies name), which a gateway could never ask for and
 * composition would report as unused.
 */
export function printSubgraph(schema: GraphQLSchema): string {
  const reachable = new GraphQLSchema({ ...schema.toConfig(), types: [], directives: specifiedDirectives });
  return printSubgraphSchema(lexicographicSortSchema(reachable));
}
