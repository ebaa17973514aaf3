// Reads settings from flags and the environment through their schemas, and reports every problem at
// once: "PAYGRAPH_MAX_DEPTH must be a whole number of at least 1, got "deep"". A flag wins over its
// variable.
import { label, type Setting } from './setting';
import { SETTINGS, type SettingName, type SettingValues } from './settings';
import type { Raw } from './values';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Sources {
  env: Record<string, string | undefined>;
  /** Flag values by flag name, as node:util parseArgs gives them. */
  flags?: Record<string, Raw>;
}

function rawValue(s: Setting<unknown>, { env, flags }: Sources): Raw {
  const flag = s.flag === undefined ? undefined : flags?.[s.flag];
  if (flag !== undefined) return flag;
  return s.env === undefined ? undefined : env[s.env];
}

/** The values of `names`; a ConfigError naming each bad setting (one per line) when any is invalid. */
export function readSettings<K extends SettingName>(names: readonly K[], sources: Sources): SettingValues<K> {
  const values: Partial<Record<SettingName, unknown>> = {};
  const problems: string[] = [];
  for (const name of names) {
    const s = SETTINGS[name] as Setting<unknown>;
    const result = s.value.safeParse(rawValue(s, sources));
    if (result.success) values[name] = result.data;
    else problems.push(...result.error.issues.map((issue) => `${label(s)} ${issue.message}`));
  }
  if (problems.length === 1) throw new ConfigError(problems[0]);
  if (problems.length > 1)
    throw new ConfigError(`${problems.length} settings are invalid:\n  ${problems.join('\n  ')}`);
  return values as SettingValues<K>;
}
