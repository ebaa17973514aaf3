// The README's configuration table, made from the settings: one row per setting, in table order.
import { SETTINGS } from './settings';
import type { Setting } from './setting';

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function row(s: Setting<unknown>): string {
  const variable = s.env ? code(s.env) : '—';
  const flag = s.flag ? code(`--${s.flag}${s.flagKind === 'switch' ? '' : ' …'}`) : '—';
  return `| ${[variable, flag, s.commands.join(', '), s.default, s.meaning].map(cell).join(' | ')} |`;
}

/** Markdown, not yet formatted (the script formats it with Prettier like the rest of the README). */
export function configurationTable(): string {
  const rows = Object.values(SETTINGS).map((s) => row(s as Setting<unknown>));
  return [
    '| variable | flag | commands | default | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
