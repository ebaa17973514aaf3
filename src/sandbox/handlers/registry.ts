// Operation handlers by operationId. Generic handlers serve the standard operations of every base;
// area modules register specific ones (actions, documents, life cycles), which take precedence.
import type { Handler } from '../context';

const specific = new Map<string, Handler>();

export function defineHandlers(handlers: Record<string, Handler>): void {
  for (const [operationId, handler] of Object.entries(handlers)) {
    if (specific.has(operationId)) throw new Error(`handler for ${operationId} defined twice`);
    specific.set(operationId, handler);
  }
}

export function specificHandler(operationId: string): Handler | undefined {
  return specific.get(operationId);
}

/**
 * Operations addressed by `{credentials}` in their path are authorized by those credentials alone
 * (no JWT, no space header). The authority that issues them turns a credentials string into the
 * space and transaction it is bound to, or throws an ApiError (401) when it is expired or foreign.
 */
export type CredentialsAuthority = (
  credentials: string,
  now: Date,
) => { space: number; transactionId: number };

let credentialsAuthority: CredentialsAuthority | undefined;

export function registerCredentialsAuthority(authority: CredentialsAuthority): void {
  credentialsAuthority = authority;
}

export function verifyCredentials(
  credentials: string,
  now: Date,
): { space: number; transactionId: number } | undefined {
  return credentialsAuthority?.(credentials, now);
}
