// Every setting of paygraph, in the order the README's configuration table lists them.
import { CLI_SETTINGS } from './cli-settings';
import { AUTH_SETTINGS } from './auth-settings';
import { GRAPH_SETTINGS } from './graph-settings';
import { NETWORK_SETTINGS } from './network-settings';
import { PERSISTED_SETTINGS } from './persisted-settings';
import type { Command, Setting } from './setting';

export const SETTINGS = {
  ...CLI_SETTINGS,
  ...AUTH_SETTINGS,
  ...GRAPH_SETTINGS,
  ...PERSISTED_SETTINGS,
  ...NETWORK_SETTINGS,
};

export type SettingName = keyof typeof SETTINGS;
type ValueOf<S> = S extends Setting<infer T> ? T : never;
export type SettingValues<K extends SettingName> = { [P in K]: ValueOf<(typeof SETTINGS)[P]> };

/** The names of the settings command C reads. */
export type NamesOf<C extends Command> = {
  [K in SettingName]: C extends (typeof SETTINGS)[K]['commands'][number] ? K : never;
}[SettingName];

const NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings a command reads (flags and variables), in table order. */
export function settingsOf<C extends Command>(command: C): NamesOf<C>[] {
  return NAMES.filter((name) =>
    (SETTINGS[name] as Setting<unknown>).commands.includes(command),
  ) as NamesOf<C>[];
}
