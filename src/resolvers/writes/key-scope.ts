// Whose idempotency keys a mutation's key is among: its caller's. A by-credentials mutation's key is
// also scoped by its transaction credentials (a hash of them), so requests without credentials (all
// one anonymous caller) never share keys: a key claimed with made-up credentials cannot block a real
// checkout's, nor tell whether it was used.
import { createHash } from 'node:crypto';
import type { MutationSpec } from '../../catalog';
import type { GraphContext } from '../context';

export function idempotencyScopeOf(
  ctx: GraphContext,
  spec: MutationSpec,
  input: Record<string, unknown>,
): string {
  const caller = ctx.caller?.name ?? 'anonymous';
  if (!spec.operation.byCredentials) return caller;
  const credentials = typeof input.credentials === 'string' ? input.credentials : '';
  return `${caller} credentials:${createHash('sha256').update(credentials, 'utf8').digest('base64url')}`;
}
