// What an application user limited to some spaces may do beyond the reach of the `space` header:
// see only its own spaces, and change nothing at account level (accounts and spaces themselves).
import { resourceByOperationId, type Operation } from '../catalog';
import type { AppUser } from './context';
import { ApiError } from './errors';

const ACCOUNT_LEVEL = new Set(['Account', 'Space']);

export function canSeeSpace(user: AppUser, spaceId: unknown): boolean {
  return user.spaces === null || user.spaces.includes(Number(spaceId));
}

/** Throws 403 when a space-limited user addresses another space, or writes at account level. */
export function checkAccountLevelAccess(op: Operation, params: Record<string, string>, user: AppUser): void {
  if (user.spaces === null) return;
  const model = resourceByOperationId.get(op.operationId)?.model;
  if (!model || !ACCOUNT_LEVEL.has(model)) return;
  if (op.method !== 'GET') {
    throw new ApiError(
      403,
      `Application user ${user.id} is limited to spaces ${user.spaces.join(', ')} and may not ${op.operationId}: that needs account-level permission.`,
    );
  }
  if (model === 'Space' && params.id !== undefined && !canSeeSpace(user, params.id)) {
    throw new ApiError(403, `Application user ${user.id} has no permission in space ${params.id}.`);
  }
}
