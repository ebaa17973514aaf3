// The report's chart: per scenario, operations per second at the load's connections of each
// contender as horizontal bars, scaled to the fastest of that scenario (the value is written on
// each bar). Plain SVG, no library.
import type { ContenderName } from './contenders';

export interface ChartRow {
  scenario: string;
  values: Partial<Record<ContenderName, number>>;
}

const COLORS: Record<ContenderName, string> = {
  paygraph: '#2b6cb0',
  naive: '#90cdf4',
  before: '#a0aec0',
  mesh: '#dd6b20',
  minimum: '#718096',
};
const BAR = 12;
const LABEL_WIDTH = 190;
const PLOT_WIDTH = 420;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function throughputChart(rows: ChartRow[], contenders: ContenderName[], title: string): string {
  const group = contenders.length * BAR + 14;
  const top = 48;
  const height = top + rows.length * group + 10;
  const width = LABEL_WIDTH + PLOT_WIDTH + 80;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="8" y="16" font-size="13" font-weight="bold">${escape(title)}</text>`,
    ...contenders.map(
      (c, i) =>
        `<rect x="${8 + i * 110}" y="26" width="10" height="10" fill="${COLORS[c]}"/><text x="${22 + i * 110}" y="35">${c}</text>`,
    ),
  ];
  rows.forEach((row, r) => {
    const y0 = top + r * group;
    const max = Math.max(...contenders.map((c) => row.values[c] ?? 0), 1e-9);
    parts.push(`<text x="8" y="${y0 + (contenders.length * BAR) / 2 + 4}">${escape(row.scenario)}</text>`);
    contenders.forEach((c, i) => {
      const value = row.values[c];
      const y = y0 + i * BAR;
      if (value === undefined) {
        parts.push(`<text x="${LABEL_WIDTH + 4}" y="${y + BAR - 2}" fill="#999">${c}: n/a</text>`);
        return;
      }
      const w = Math.max(1, (value / max) * PLOT_WIDTH);
      parts.push(
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${w.toFixed(1)}" height="${BAR - 2}" fill="${COLORS[c]}"/>`,
        `<text x="${(LABEL_WIDTH + w + 4).toFixed(1)}" y="${y + BAR - 3}">${value.toFixed(value < 10 ? 1 : 0)}</text>`,
      );
    });
  });
  parts.push('</svg>', '');
  return parts.join('\n');
}
