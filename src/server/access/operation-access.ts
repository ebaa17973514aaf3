// Document-level access checks, once before execution: a request without credentials may select
// only by-credentials root fields (their transaction credentials authorize them), a mutation needs
// the `write` scope, and one changing accounts or spaces a caller with every space or the `account`
// scope (account-rules). Resolvers check again where they call (mayWrite, the space guard); this
// refuses the whole operation before any of them runs, so a refusal costs no REST call.
import { getOperationAST, OperationTypeNode, type DocumentNode, type SelectionSetNode } from 'graphql';
import { mutationSpecByName } from '../../catalog';
import { mayWrite, type InboundCaller } from '../../resolvers';
import { fieldsOf, fragmentsOf } from '../../shared/selection-walk';
import { mayAdministerAccounts } from './account-guard';
import { accountLevelRule, isAccountLevel } from './account-rules';

/** Root fields authorized by the transaction credentials they take. */
export function isByCredentialsField(name: string): boolean {
  return name.endsWith('ByCredentials') || name === '__typename';
}

/** The names of the root fields an operation selects, through fragments and inline fragments. */
export function rootFieldNames(document: DocumentNode, selectionSet: SelectionSetNode): Set<string> {
  return new Set(fieldsOf(fragmentsOf(document), selectionSet).map((field) => field.name.value));
}

export interface AccessRefusal {
  code: 'UNAUTHENTICATED' | 'FORBIDDEN';
  status: 401 | 403;
  message: string;
}

export function checkOperationAccess(
  document: DocumentNode,
  operationName: string | null | undefined,
  caller: InboundCaller | undefined,
  anonymous: boolean,
): AccessRefusal | null {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return null;
  const fields = [...rootFieldNames(document, operation.selectionSet)];
  const byCredentialsOnly = fields.every(isByCredentialsField);
  if (anonymous && !byCredentialsOnly) {
    return {
      code: 'UNAUTHENTICATED',
      status: 401,
      message:
        'authentication required: send a bearer token or API key (only the *ByCredentials fields work without one)',
    };
  }
  if (operation.operation !== OperationTypeNode.MUTATION) return null;
  if (!byCredentialsOnly && !mayWrite(caller)) {
    return {
      code: 'FORBIDDEN',
      status: 403,
      message: `${caller?.name ?? 'this caller'} may only read: mutations need the write scope`,
    };
  }
  const administering = fields.filter(changesAccounts);
  if (administering.length > 0 && !mayAdministerAccounts(caller)) {
    return {
      code: 'FORBIDDEN',
      status: 403,
      message: `${administering.join(', ')} change${administering.length === 1 ? 's' : ''} accounts or spaces: that needs a caller with every space, or the \`account\` scope`,
    };
  }
  return null;
}

/** Mutations whose REST operation changes an account or a space (rule `account-admin`). */
function changesAccounts(field: string): boolean {
  const op = mutationSpecByName.get(field)?.operation;
  return op !== undefined && isAccountLevel(op) && accountLevelRule(op) === 'account-admin';
}
