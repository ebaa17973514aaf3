// A command's flags and variables, read through the settings table: node:util parseArgs knows the
// flags the table gives the command (an unknown flag is refused), then every setting of the command
// is validated at once. The usage text is made from the same table.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { readSettings } from './read';
import { COMMANDS, type Command, type Setting } from './setting';
import { SETTINGS, settingsOf, type NamesOf, type SettingValues } from './settings';
import type { Raw } from './values';

type Options = NonNullable<ParseArgsConfig['options']>;

function flagOptions(command: Command): Options {
  const options: Options = {};
  for (const name of settingsOf(command)) {
    const s = SETTINGS[name] as Setting<unknown>;
    if (s.flag === undefined) continue;
    options[s.flag] =
      s.flagKind === 'switch' ? { type: 'boolean' } : { type: 'string', multiple: s.flagKind === 'repeated' };
  }
  return options;
}

export interface CommandLine<C extends Command> {
  values: SettingValues<NamesOf<C>>;
  /** The flags as given, for rules that depend on where a value came from (the REST key). */
  flags: Record<string, Raw>;
}

/** Parses `args` for `command` and validates its settings (flags over `env`); throws ConfigError or parseArgs' error. */
export function readCommandLine<C extends Command>(
  command: C,
  args: string[],
  env: Record<string, string | undefined>,
): CommandLine<C> {
  const { values } = parseArgs({
    args,
    options: flagOptions(command),
    strict: true,
    allowPositionals: false,
  });
  // No option is both a switch and repeated, so a repeated flag's values are all text.
  const flags = values as Record<string, Raw>;
  return { values: readSettings(settingsOf(command), { env, flags }), flags };
}

function usageLine(s: Setting<unknown>): string {
  const flag = s.flag ? `--${s.flag}${s.flagKind === 'switch' ? '' : ' …'}` : '';
  const name = [flag, s.env && s.flag ? `(${s.env})` : (s.env ?? '')].filter(Boolean).join(' ');
  return `      ${name.padEnd(44)} ${s.meaning.replace(/`/g, '')} [${s.default.replace(/`/g, '')}]`;
}

/** What `paygraph` prints on a usage error: each command with its flags and variables. */
export function usage(extra: Record<string, string>): string {
  const lines = [
    'usage: paygraph <command> [flags]   (every flag and variable: the README, "Configuration")',
  ];
  for (const command of COMMANDS) {
    lines.push(`  paygraph ${command}`);
    for (const name of settingsOf(command)) lines.push(usageLine(SETTINGS[name]));
  }
  for (const [command, text] of Object.entries(extra)) lines.push(`  paygraph ${command}   ${text}`);
  return lines.join('\n');
}
