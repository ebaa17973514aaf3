// Persisted operations' settings: PAYGRAPH_PERSISTED_OPERATIONS (off, apq, allow-list) and, for the
// allow-list, PAYGRAPH_PERSISTED_OPERATIONS_FILE (described and validated in src/server/config).
import { PERSISTED_OPERATIONS_MODES } from '../config/graph-settings';
import { readSettings } from '../config/read';
import { ConfigError } from '../security/config';

export type PersistedOperationsMode = (typeof PERSISTED_OPERATIONS_MODES)[number];

export interface PersistedOperationsConfig {
  mode: PersistedOperationsMode;
  /** allow-list: a JSON object mapping each operation's sha256 (hex) to its document. */
  file?: string;
}

export function persistedOperationsConfigFromEnv(env: Record<string, string | undefined> = process.env): PersistedOperationsConfig {
  const s = readSettings(['persistedOperations', 'persistedOperationsFile'], { env });
  if (s.persistedOperations === 'allow-list' && !s.persistedOperationsFile)
    throw new ConfigError(
      'PAYGRAPH_PERSISTED_OPERATIONS=allow-list needs PAYGRAPH_PERSISTED_OPERATIONS_FILE (`npm run -s persisted-operations` writes one)',
    );
  return { mode: s.persistedOperations, file: s.persistedOperationsFile };
}
