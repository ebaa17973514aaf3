// Test helper: one sandbox per test file, with a signed caller for its demo user.
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox';
import { client, type CallOptions, type SignOptions } from './signed-fetch';

export interface SandboxFixture {
  sandbox: RunningSandbox;
  call: ReturnType<typeof client>;
  sign: SignOptions;
  /** The first seeded space, where most demo data lives. */
  space: number;
}

/** Starts a sandbox before the file's tests and closes it after; the fixture is filled in beforeAll. */
export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
  const fixture = {} as SandboxFixture;
  beforeAll(async () => {
    fixture.sandbox = await startSandbox(options);
    const [user] = fixture.sandbox.users;
    fixture.sign = { userId: user.id, key: user.key };
    fixture.call = client(fixture.sandbox.origin, fixture.sign);
    fixture.space = fixture.sandbox.spaces[0];
  });
  afterAll(async () => {
    await fixture.sandbox?.close();
  });
  return fixture;
}

/** A caller in the fixture's first space that expects a status (200 by default) and returns the body. */
export function expectingStatus(f: SandboxFixture) {
  return async <T = Record<string, any>>(c: CallOptions, status = 200): Promise<T> => {
    const r = await f.call<T>({ space: f.space, ...c });
    expect(r.status, `${c.method ?? 'GET'} ${c.path}: ${r.text}`).toBe(status);
    return r.body;
  };
}
