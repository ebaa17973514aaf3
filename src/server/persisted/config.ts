// Persisted operations' settings: PAYGRAPH_PERSISTED_OPERATIONS (off, apq, allow-list), for the
// allow-list PAYGRAPH_PERSISTED_OPERATIONS_FILE, and what one caller may register in apq mode
// (described and validated in src/server/config).
import { PERSISTED_OPERATIONS_MODES } from '../config/persisted-settings';
import { readSettings } from '../config/read';
import { ConfigError } from '../config/security-config';
import { DEFAULT_ALLOWANCE, type RegistrationAllowance } from './store';

export type PersistedOperationsMode = (typeof PERSISTED_OPERATIONS_MODES)[number];

export interface PersistedOperationsConfig {
  mode: PersistedOperationsMode;
  /** allow-list: a JSON object mapping each operation's sha256 (hex) to its document. */
  file?: string;
  /** apq: what one caller may register per day (default DEFAULT_ALLOWANCE). */
  allowance?: RegistrationAllowance;
}

export function persistedOperationsConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): PersistedOperationsConfig {
  const s = readSettings(
    ['persistedOperations', 'persistedOperationsFile', 'apqRegistrationsPerCaller', 'apqBytesPerCaller'],
    { env },
  );
  if (s.persistedOperations === 'allow-list' && !s.persistedOperationsFile)
    throw new ConfigError(
      'PAYGRAPH_PERSISTED_OPERATIONS=allow-list needs PAYGRAPH_PERSISTED_OPERATIONS_FILE (`npm run -s persisted-operations` writes one)',
    );
  return {
    mode: s.persistedOperations,
    file: s.persistedOperationsFile,
    allowance: {
      ...DEFAULT_ALLOWANCE,
      registrations: s.apqRegistrationsPerCaller,
      bytes: s.apqBytesPerCaller,
    },
  };
}
