// Operations that no `space` header scopes to one space (accounts, spaces themselves, reference
// catalogs, the IBAN lookup) each have an explicit rule, as data: the space guard cannot check them
// by space, so a caller limited to some spaces reaches them only as its rule says. An operation of
// the catalog without a rule is refused (test/security/account-level.test.ts lists them from the
// catalog and fails on any without one).
import { readOnlyWrites, resourceByOperationId, type Operation } from '../../catalog';

/**
 * - `shared`: reference data the REST API holds for every account (countries, currencies, payment
 *   methods...): any authenticated caller may read it.
 * - `own-spaces`: spaces themselves: the caller's spaces only (listings leave the others out, another
 *   space answers as one that does not exist).
 * - `own-accounts`: accounts: the accounts that own one of the caller's spaces only.
 * - `account-admin`: changes of accounts and spaces (create, update, delete, activate, deactivate):
 *   a caller with every space, or with the `account` scope on the accounts that own its spaces.
 */
export type AccountLevelRule = 'shared' | 'own-spaces' | 'own-accounts' | 'account-admin';

interface ModelRules {
  read: AccountLevelRule;
  /** Absent: the model has no write operation; one appearing in the catalog then has no rule. */
  write?: AccountLevelRule;
}

const SHARED: ModelRules = { read: 'shared' };

/** By REST model: every operation of the model's base follows its read or write rule. */
const MODEL_RULES: Readonly<Record<string, ModelRules>> = {
  Account: { read: 'own-accounts', write: 'account-admin' },
  Space: { read: 'own-spaces', write: 'account-admin' },
  RestCountry: SHARED,
  RestCountryState: SHARED,
  RestCurrency: SHARED,
  RestLanguage: SHARED,
  DocumentTemplateType: SHARED,
  LabelDescriptor: SHARED,
  LabelDescriptorGroup: SHARED,
  LegalOrganizationForm: SHARED,
  ConditionType: SHARED,
  PaymentConnector: SHARED,
  PaymentMethodBrand: SHARED,
  PaymentMethod: SHARED,
  PaymentProcessor: SHARED,
  SalesChannel: SHARED,
  StaticValue: SHARED,
};

/** Operations of no model's base, by operationId. */
const OPERATION_RULES: Readonly<Record<string, AccountLevelRule>> = {
  // POST /ibans looks an IBAN up: it reads, for anyone authenticated.
  lookupIban: 'shared',
};

/** Whether an operation only reads (GET, or a POST the catalog marks as a lookup). */
export function onlyReads(op: Operation): boolean {
  return op.method === 'GET' || readOnlyWrites.has(op.operationId);
}

/** Whether the `space` header does not scope the operation (and its credentials do not either). */
export function isAccountLevel(op: Operation): boolean {
  return !op.spaceScoped && !op.byCredentials;
}

/** The rule of an operation that no space scopes; undefined when it has none (it is then refused). */
export function accountLevelRule(op: Operation): AccountLevelRule | undefined {
  const byOperation = OPERATION_RULES[op.operationId];
  if (byOperation) return byOperation;
  const model = resourceByOperationId.get(op.operationId)?.model;
  const rules = model ? MODEL_RULES[model] : undefined;
  if (!rules) return undefined;
  return onlyReads(op) ? rules.read : rules.write;
}
