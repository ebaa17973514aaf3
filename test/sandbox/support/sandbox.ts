// Test helper: one sandbox per test file, with a signed caller for its demo user.
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox';
import { client, type SignOptions } from './signed-fetch';

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
