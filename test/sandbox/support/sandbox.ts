// Test helper: a caller of the world's sandbox that insists on a status.
import { expect } from 'vitest';
import type { TestWorld } from '../../support/world';
import type { CallOptions } from './signed-fetch';

/** What the sandbox's own tests use of the world: its sandbox, signed calls, the demo user and first space. */
export type SandboxFixture = Pick<TestWorld, 'sandbox' | 'call' | 'sign' | 'space'>;

/** A caller in the fixture's first space that expects a status (200 by default) and returns the body. */
export function expectingStatus(f: SandboxFixture) {
  return async <T = Record<string, any>>(c: CallOptions, status = 200): Promise<T> => {
    const r = await f.call<T>({ space: f.space, ...c });
    expect(r.status, `${c.method ?? 'GET'} ${c.path}: ${r.text}`).toBe(status);
    return r.body;
  };
}
