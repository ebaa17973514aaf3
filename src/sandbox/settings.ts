// Defaults of the sandbox and its demo application user.
import type { AppUser, SandboxSettings } from './context';

/** The demo application user of `npm start` and of tests that need no other. Not a secret: sandbox only. */
export const DEMO_USER = {
  id: '100000',
  key: Buffer.from('paygraph-sandbox-demo-key-000001').toString('base64'),
};

export interface UserOption {
  id: string;
  /** base64-encoded authentication key */
  key: string;
  spaces?: number[];
}

export const DEFAULT_SETTINGS: Omit<SandboxSettings, 'users' | 'seed'> = {
  iatWindowSeconds: 300,
  bulkMaxItems: 100,
  rateLimitPerSecond: null,
  credentialsTtlSeconds: 3600,
};

export function toAppUser(option: UserOption): AppUser {
  const key = Buffer.from(option.key, 'base64');
  if (key.length === 0)
    throw new Error(`application user ${option.id}: the authentication key must be non-empty base64`);
  return { id: option.id, key, spaces: option.spaces && option.spaces.length ? option.spaces : null };
}

/** Parses `ID:BASE64KEY[:SPACE,...]` as given to `--user`. */
export function parseUserOption(text: string): UserOption {
  const [id, key, spaces] = text.split(':');
  if (!id || !key)
    throw new Error(`--user expects ID:BASE64KEY[:SPACE,...], got "${text.replace(/:.*/, ':…')}"`);
  const list = spaces ? spaces.split(',').map((s) => Number(s)) : undefined;
  if (list?.some((s) => !Number.isInteger(s) || s <= 0))
    throw new Error(`--user ${id}: spaces must be positive integers`);
  return { id, key, spaces: list };
}
