// Who is asking: the inbound identity the server authenticated (src/server decides how), as the
// resolvers see it. Every path into a space asks `mayUseSpace`; every mutation asks `mayWrite`.
// Without a caller (tests that build a GraphContext directly, `open` mode) everything is allowed.

/** `account`: changing the accounts that own the caller's spaces (the server's account rules read it). */
export type Scope = 'read' | 'write' | 'account';

export interface InboundCaller {
  /** A name for logs, metrics and idempotency scoping; never a secret. */
  name: string;
  /** REST space ids the caller may use, or 'all'. */
  spaces: ReadonlySet<number> | 'all';
  scopes: ReadonlySet<Scope>;
}

/** The caller of `open` mode: every space, read and write. */
export const OPEN_CALLER: InboundCaller = {
  name: 'open',
  spaces: 'all',
  scopes: new Set<Scope>(['read', 'write']),
};

export function mayUseSpace(caller: InboundCaller | undefined, space: number | null): boolean {
  if (!caller || space === null || caller.spaces === 'all') return true;
  return caller.spaces.has(space);
}

export function mayWrite(caller: InboundCaller | undefined): boolean {
  return !caller || caller.scopes.has('write');
}
