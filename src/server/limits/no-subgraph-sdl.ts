// Federation's `_service { sdl }` prints the whole schema: it is introspection by another name, so it
// is refused wherever introspection is (PAYGRAPH_INTROSPECTION, off with NODE_ENV=production), with a
// message that says where a gateway gets the SDL instead.
import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

const SERVICE_FIELD = '_service';

export function NoSubgraphSdlRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value !== SERVICE_FIELD || context.getParentType() !== context.getSchema().getQueryType())
        return;
      context.reportError(
        new GraphQLError(
          'introspection is off (PAYGRAPH_INTROSPECTION), and `_service { sdl }` with it: compose the supergraph from the SDL that `npm run -s print:subgraph` prints for this version of paygraph',
          { nodes: node },
        ),
      );
    },
  };
}
