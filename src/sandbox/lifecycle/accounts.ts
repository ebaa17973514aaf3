// Account life cycle: activate and deactivate. The boolean flags of the Account model follow the state.
import type { Store } from '../store';
import { applyTransition, defineLifecycle } from './machine';

export const accountLifecycle = defineLifecycle({
  model: 'Account',
  field: 'state',
  actions: {
    activate: { from: ['CREATE', 'RESTRICTED_ACTIVE', 'INACTIVE'], to: 'ACTIVE' },
    deactivate: { from: ['ACTIVE', 'RESTRICTED_ACTIVE'], to: 'INACTIVE' },
  },
});

function flags(state: string) {
  return {
    active: state === 'ACTIVE',
    restrictedActive: state === 'RESTRICTED_ACTIVE',
    activeOrRestrictedActive: state === 'ACTIVE' || state === 'RESTRICTED_ACTIVE',
  };
}

/** Accounts live outside spaces. */
export function changeAccountState(store: Store, id: number, action: 'activate' | 'deactivate') {
  return applyTransition(store, accountLifecycle, id, null, action, (a) => ({
    ...a,
    ...flags(String(a.state)),
  }));
}
