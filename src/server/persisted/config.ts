// Persisted operations' settings: PAYGRAPH_PERSISTED_OPERATIONS (off, apq, allow-list) and, for the
// allow-list, PAYGRAPH_PERSISTED_OPERATIONS_FILE.
import { ConfigError } from '../security/config';

export const PERSISTED_OPERATIONS_MODES = ['off', 'apq', 'allow-list'] as const;
export type PersistedOperationsMode = (typeof PERSISTED_OPERATIONS_MODES)[number];

export interface PersistedOperationsConfig {
  mode: PersistedOperationsMode;
  /** allow-list: a JSON object mapping each operation's sha256 (hex) to its document. */
  file?: string;
}

export function persistedOperationsConfigFromEnv(env: Record<string, string | undefined> = process.env): PersistedOperationsConfig {
  const mode = env.PAYGRAPH_PERSISTED_OPERATIONS?.trim() || 'apq';
  if (!(PERSISTED_OPERATIONS_MODES as readonly string[]).includes(mode))
    throw new ConfigError(`PAYGRAPH_PERSISTED_OPERATIONS must be one of ${PERSISTED_OPERATIONS_MODES.join(', ')}, got "${mode}"`);
  const file = env.PAYGRAPH_PERSISTED_OPERATIONS_FILE?.trim() || undefined;
  if (mode === 'allow-list' && !file)
    throw new ConfigError(
      'PAYGRAPH_PERSISTED_OPERATIONS=allow-list needs PAYGRAPH_PERSISTED_OPERATIONS_FILE (`npm run -s persisted-operations` writes one)',
    );
  return { mode: mode as PersistedOperationsMode, file };
}
