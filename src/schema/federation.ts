// Apollo Federation v2: paygraph is a subgraph on its own endpoint, every Node type an entity keyed by
// its global ID (`@key(fields: "id")`, by @pothos/plugin-federation). The root fields are built here
// from @apollo/subgraph's own definitions: the plugin's toSubGraphSchema doubled the schema's build.
import {
  AnyType,
  entitiesField,
  entitiesResolver,
  EntityType,
  serviceField,
  ServiceType,
} from '@apollo/subgraph/dist/types.js';
import { hasResolvableKey } from '@pothos/plugin-federation';
import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLUnionType,
  isObjectType,
  type GraphQLFieldConfig,
} from 'graphql';
import { resources } from '../catalog';
import { resolveNode, type GraphContext } from '../resolvers';
import { builder } from './builder';
import { entityRef } from './registry';
import { representationProblem } from './representations';

/**
 * The field extension of a field that answers an error in place of a list item (the item is null,
 * the error names its index), which compiled execution must leave to graphql-js (see there). Set
 * where such a field is built; read by the execution step, so the rule stays data of the field.
 */
export const ITEM_ERRORS_EXTENSION = 'paygraphItemErrors';

/** The Federation version the subgraph SDL links (any 2.x gateway composes it). */
export const FEDERATION_URL = 'https://specs.apollo.dev/federation/v2.6';

/** Schema extensions that make the printed SDL a Federation v2 subgraph (`extend schema @link(...)`). */
export const subgraphExtensions = {
  directives: [{ name: 'link', args: { url: FEDERATION_URL, import: ['@key'] } }],
};

for (const resource of resources) {
  builder.asEntity(entityRef(resource.model), {
    key: builder.selection<{ id: string }>('id'),
    // Checked beforehand (representations.ts): an object naming this type and one of its global IDs.
    resolveReference: (reference, ctx, info) => resolveNode(ctx, info, reference.id),
  });
}

type Args = { representations: unknown[] };

/**
 * `_entities` resolves representations through the read path exactly as `node` does: the batched
 * loaders (one search per type and space for all representations of a request), a space the caller may
 * not use answering as one that does not exist, misses charged like `nodes`.
 */
function entitiesFieldOf(entityTypes: GraphQLObjectType[]): GraphQLFieldConfig<unknown, GraphContext, Args> {
  const names = new Set(entityTypes.map((t) => t.name));
  const entity = new GraphQLUnionType({
    ...EntityType.toConfig(),
    description: 'Every entity of this subgraph: the types implementing Node.',
    types: entityTypes,
  });
  const any = new GraphQLScalarType({
    ...AnyType.toConfig(),
    description:
      'An entity representation, as a gateway sends it. Wire type: a JSON object `{ "__typename": "<Node type>", "id": "<its global ID>" }`; client type `{ __typename: string; id: string }`.',
  });
  return {
    ...(entitiesField as GraphQLFieldConfig<unknown, GraphContext, Args>),
    type: new GraphQLNonNull(new GraphQLList(entity)),
    extensions: { ...entitiesField.extensions, [ITEM_ERRORS_EXTENSION]: true },
    description:
      'Apollo Federation: the entities a gateway names by type and global ID, in the order asked; null where one does not exist or lies in a space the caller may not use. Batched like `nodes`.',
    args: {
      representations: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(any))),
        description: 'The representations.',
      },
    },
    resolve: (_root, { representations }, ctx, info) => {
      const problems = representations.map((r, i) =>
        representationProblem(r, `representations[${i}]`, names),
      );
      const valid = representations.filter((_, i) => problems[i] === null);
      const found = entitiesResolver({ representations: valid, context: ctx, info }) as unknown[];
      let next = 0;
      // A bad representation answers its error in its place (graphql-js nulls that item), as in `nodes`.
      return problems.map((problem) => problem ?? found[next++]);
    },
  };
}

function serviceFieldOf(sdl: () => Promise<string>): GraphQLFieldConfig<unknown, GraphContext> {
  const service = new GraphQLObjectType({
    ...ServiceType.toConfig(),
    description: 'This subgraph, as a gateway composes it.',
  });
  return {
    ...(serviceField as GraphQLFieldConfig<unknown, GraphContext>),
    type: new GraphQLNonNull(service),
    description:
      'Apollo Federation: the subgraph SDL (a schema introspection: off where introspection is off).',
    resolve: async () => ({ sdl: await sdl() }),
  };
}

/**
 * `schema` with `_entities` and `_service` on Query: the graph, and a Federation v2 subgraph beside it.
 * The plugin's toSubGraphSchema sorts and prints the whole schema while building it (about a second of
 * cold start on this machine); here the SDL is printed only on the first request for it, by a printer
 * loaded then (subgraph-sdl).
 */
export function withFederation(schema: GraphQLSchema): GraphQLSchema {
  const query = schema.getQueryType();
  if (!query) throw new Error('the schema has no Query type');
  const entityTypes = Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => isObjectType(t) && hasResolvableKey(t),
  );
  let sdl: Promise<string> | undefined;
  const config = schema.toConfig();
  const federated: GraphQLSchema = new GraphQLSchema({
    ...config,
    query: new GraphQLObjectType({
      ...query.toConfig(),
      fields: () => ({
        ...query.toConfig().fields,
        _entities: entitiesFieldOf(entityTypes),
        _service: serviceFieldOf(
          () => (sdl ??= import('./subgraph-sdl').then(({ printSubgraph }) => printSubgraph(federated))),
        ),
      }),
    }),
    types: config.types.filter((t) => t !== query),
  });
  return federated;
}
