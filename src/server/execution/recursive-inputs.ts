// Which variables compiled execution cannot take: graphql-jit writes the coercion of a variable's input
// type inline, field by field, and never stops on an input type that contains itself (`TransactionFilter`'s
// `and`, `or`, `not`): compiling one such document ran the process out of memory. Documents with a
// variable whose type reaches a cycle run on graphql-js (argument literals are not affected).
import {
  getNamedType,
  isInputObjectType,
  Kind,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql';

const bySchema = new WeakMap<GraphQLSchema, Map<string, boolean>>();

/** Whether `type` contains itself or reaches a type that does, through its fields (depth-first). */
function reachesCycle(
  type: GraphQLInputObjectType,
  known: Map<string, boolean>,
  onPath: Set<string>,
): boolean {
  const done = known.get(type.name);
  if (done !== undefined) return done;
  if (onPath.has(type.name)) return true;
  onPath.add(type.name);
  let found = false;
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    if (isInputObjectType(named) && reachesCycle(named, known, onPath)) found = true;
  }
  onPath.delete(type.name);
  known.set(type.name, found);
  return found;
}

function namedTypeOf(node: TypeNode): string {
  return node.kind === Kind.NAMED_TYPE ? node.name.value : namedTypeOf(node.type);
}

/** Whether a variable of `operation` has an input type that contains itself, at any depth. */
export function hasRecursiveVariable(schema: GraphQLSchema, operation: OperationDefinitionNode): boolean {
  let known = bySchema.get(schema);
  if (!known) bySchema.set(schema, (known = new Map<string, boolean>()));
  return (operation.variableDefinitions ?? []).some((v) => {
    const type = schema.getType(namedTypeOf(v.type));
    return isInputObjectType(type) && reachesCycle(type, known, new Set());
  });
}
