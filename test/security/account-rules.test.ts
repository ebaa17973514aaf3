// Every operation no `space` header scopes has an explicit rule (account-rules), derived from the
// catalog: a new operation without one fails here, and is refused (unsent) until it gets one.
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalog';
import { guardAccountLevel } from '../../src/server/access/account-guard';
import { accountLevelRule, isAccountLevel } from '../../src/server/access/account-rules';
import { OwnedAccounts } from '../../src/server/access/owned-accounts';
import type { RestCaller } from '../../src/rest/types';

const unreachable: RestCaller = { call: () => Promise.reject(new Error('no REST call may be made')) };

describe('the rules are data, derived from the catalog', () => {
  it('every operation without a space (not scoped by the space header, not by credentials) has a rule', () => {
    const withoutSpace = operations.filter(isAccountLevel);
    expect(withoutSpace.length).toBeGreaterThan(50);
    const missing = withoutSpace
      .filter((op) => accountLevelRule(op) === undefined)
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
    // The writes among them are changes of accounts and spaces, and lookupIban reads.
    const writes = withoutSpace
      .filter((op) => op.method !== 'GET')
      .map((op) => [op.operationId, accountLevelRule(op)]);
    expect(Object.fromEntries(writes)).toEqual({
      createAccount: 'account-admin',
      updateAccount: 'account-admin',
      deleteAccount: 'account-admin',
      activateAccount: 'account-admin',
      deactivateAccount: 'account-admin',
      createSpace: 'account-admin',
      updateSpace: 'account-admin',
      deleteSpace: 'account-admin',
      lookupIban: 'shared',
    });
  });

  it('an operation without a rule is refused for a caller limited to some spaces, unsent', async () => {
    const op = {
      ...operations.find((o) => o.operationId === 'listCountries')!,
      operationId: 'madeUpOperation',
    };
    let sent = false;
    const guard = {
      caller: { name: 'limited', spaces: new Set([1]), scopes: new Set(['read' as const]) },
      rest: unreachable,
      owned: new OwnedAccounts(),
    };
    const refusal = guardAccountLevel(
      guard,
      op,
      undefined,
      () => Promise.resolve((sent = true)),
      (b) => b,
    );
    await expect(refusal).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(sent).toBe(false);
  });
});
