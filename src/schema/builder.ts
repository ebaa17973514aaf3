// The one Pothos SchemaBuilder of paygraph. It configures plugins and defines no types: every type is
// made by the generic factories in this folder, driven by the catalog.
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DirectivesPlugin from '@pothos/plugin-directives';
import ErrorsPlugin from '@pothos/plugin-errors';
import FederationPlugin from '@pothos/plugin-federation';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { decodeGlobalId, type Decimal, type GraphContext } from '../resolvers';
import { resourceOf } from '../catalog';
import { entityMeta, isEntity } from '../resolvers/entity';
import './federation-fields';

export interface PaygraphSchemaTypes {
  Context: GraphContext;
  // REST fields may be absent or fail on their own; nullable by default keeps one failure local.
  DefaultFieldNullability: true;
  // A connection's edges and nodes are never null: a page either comes back whole or fails as one field.
  DefaultEdgesNullability: { list: false; items: false };
  DefaultNodeNullability: false;
  Scalars: {
    ID: { Input: string; Output: string };
    Long: { Input: number | bigint; Output: number | bigint | string };
    // Output: a JS number (printed exactly, see src/rest/json.ts), a LosslessNumber or decimal text.
    DateTime: { Input: string; Output: string | Date };
    DateOrDateTime: { Input: string; Output: string };
    Decimal: { Input: Decimal; Output: unknown };
    JSON: { Input: unknown; Output: unknown };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
  };
}

/** The builder's resolved type parameters (for refs made by the generic factories). */
export type Types = PothosSchemaTypes.ExtendDefaultTypes<PaygraphSchemaTypes>;

/** The `id` of Node and of every entity type (entities.ts makes theirs). */
export const NODE_ID_DESCRIPTION =
  'The global ID: names the type, the space and the REST id; `node(id:)` reads it back.';

export const builder = new SchemaBuilder<PaygraphSchemaTypes>({
  plugins: [ErrorsPlugin, RelayPlugin, ComplexityPlugin, DirectivesPlugin, FederationPlugin],
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // node/nodes are defined in node.ts over the resolvers (any REST id or global ID, typed errors).
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodesOnConnection: {
      complexity: { field: 0, multiplier: 1 },
      description: 'The objects of this page (the edges without cursors).',
    },
    // A connection's cost is its page size (set on the connection field); edges/nodes add no factor.
    edgesFieldOptions: {
      nullable: { list: false, items: false },
      complexity: { field: 0, multiplier: 1 },
      description: 'The objects of this page, each with its cursor.',
    },
    nodeFieldOptions: { nullable: false, description: 'The object.' },
    cursorFieldOptions: {
      description: 'Where this object is in the list: pass it as `after` or `before` to page from here.',
    },
    pageInfoFieldOptions: { description: 'Whether there are more pages, and the cursors to get them.' },
    idFieldOptions: { description: NODE_ID_DESCRIPTION },
    pageInfoTypeOptions: { description: 'Where a page is in its list (Relay cursor connections).' },
    hasNextPageFieldOptions: {
      description: 'Whether more objects follow the page (ask with `first` and `after: endCursor`).',
    },
    hasPreviousPageFieldOptions: {
      description: 'Whether objects precede the page (ask with `last` and `before: startCursor`).',
    },
    startCursorFieldOptions: { description: 'The cursor of the first object of the page.' },
    endCursorFieldOptions: { description: 'The cursor of the last object of the page.' },
    defaultConnectionTypeOptions: { description: 'One page of a list (Relay cursor connection).' },
    defaultEdgeTypeOptions: { description: 'One object of a page and its cursor.' },
    // Every entity knows its model, so the concrete type is read off it instead of trying isTypeOf.
    nodeTypeOptions: {
      description:
        'An object with a global ID: every object of the REST API with an endpoint of its own. `node(id:)` reads any of them.',
      resolveType: (value: unknown) =>
        isEntity(value) ? resourceOf(entityMeta(value).model).typeName : null,
    },
    // Node types resolve `id` to the finished global ID (see entities.ts), so encoding is identity.
    encodeGlobalID: (_typename, id) => String(id),
    decodeGlobalID: (globalID) => {
      const decoded = decodeGlobalId(globalID);
      if (!decoded) {
        throw new GraphQLError(`"${globalID}" is not a global ID`, {
          extensions: { code: 'BAD_USER_INPUT' },
        });
      }
      return { typename: resourceOf(decoded.model).typeName, id: globalID };
    },
  },
  errors: { defaultTypes: [] },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    // The limits are checked by the server's cost step, once per document (complexity-limits.ts).
    disabled: true,
  },
});
