// `entityChanged(id:)` of an object no space scopes (a Space, an Account) is watched with paygraph's
// own REST credentials, outside the request's space guard: before subscribing, a caller limited to
// some spaces is held to the object's account rule (account-rules), so it follows only what it may
// read (its own spaces, the accounts owning them, shared reference data). Another answers as an object
// that does not exist, with no REST call for it.
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  valueFromASTUntyped,
  type DocumentNode,
} from 'graphql';
import { resourceByModel } from '../../catalog';
import { decodeGlobalId, mayUseSpace } from '../../resolvers';
import { fieldsOf, fragmentsOf } from '../../shared/selection-walk';
import type { AccountGuard } from './account-guard';
import { accountLevelRule, isAccountLevel } from './account-rules';

async function mayFollow(g: AccountGuard, model: string, key: string): Promise<boolean> {
  const resource = resourceByModel.get(model);
  const op = resource?.ops.G ?? resource?.ops.S;
  if (!op || !isAccountLevel(op)) return true;
  switch (accountLevelRule(op)) {
    case 'shared':
      return true;
    case 'own-spaces':
      return mayUseSpace(g.caller, Number(key));
    case 'own-accounts':
      return (await g.owned.of(g.caller.spaces as ReadonlySet<number>, g.rest)).has(Number(key));
    default:
      return false;
  }
}

/** NOT_FOUND for a subscription following an object its caller may not read; null otherwise. */
export async function liveRefusal(
  g: AccountGuard,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): Promise<GraphQLError | null> {
  if (g.caller.spaces === 'all') return null;
  const operation = getOperationAST(document, operationName ?? undefined);
  if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) return null;
  for (const field of fieldsOf(fragmentsOf(document), operation.selectionSet)) {
    const id = field.arguments?.find((a) => a.name.value === 'id');
    const value = id ? valueFromASTUntyped(id.value, variables) : undefined;
    const decoded = typeof value === 'string' ? decodeGlobalId(value) : null;
    if (!decoded || decoded.space !== null || (await mayFollow(g, decoded.model, decoded.key))) continue;
    const typeName = resourceByModel.get(decoded.model)?.typeName ?? decoded.model;
    return new GraphQLError(`${typeName} ${decoded.key} does not exist`, {
      path: [field.alias?.value ?? field.name.value],
      extensions: { code: 'NOT_FOUND' },
    });
  }
  return null;
}
