// A by-credentials REST call of a request without credentials spends from two buckets: its client
// address's (request-auth) and its transaction credentials' own. The second is named by a hash of the
// whole credentials, not by the transaction id they start with: credentials made up to name a real
// transaction must not empty that transaction's bucket (they are refused by REST, from their own).
import { createHash } from 'node:crypto';
import { operationsById } from '../../catalog';
import type { CallOptions } from '../../rest/types';

export function credentialsBucketOf(
  operationId: string,
  options: CallOptions | undefined,
): string | undefined {
  if (!operationsById.get(operationId)?.byCredentials) return undefined;
  const credentials = (options?.path as Record<string, unknown> | undefined)?.credentials;
  if (typeof credentials !== 'string') return undefined;
  return `credentials:${createHash('sha256').update(credentials, 'utf8').digest('base64url')}`;
}
