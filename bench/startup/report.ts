// The start-up benchmark's report: a table on stdout, JSON and Markdown in reports/.
import { mkdirSync, writeFileSync } from 'node:fs';

export interface Row {
  command: string;
  variant: string;
  samples: number;
  /** Process start to the ready line, median. */
  readyMedianMs: number;
  /** Process start to the first GraphQL answer, median and fastest. */
  answerMedianMs: number;
  answerMinMs: number;
  /** Resident set size once the first answer has arrived, median. */
  rssMedianMb: number;
}

export interface Report {
  date: string;
  node: string;
  cpus: string;
  loadBefore: number;
  setup: string;
  rows: Row[];
}

const f0 = (n: number) => n.toFixed(0);

export function table(report: Report): string[] {
  return [
    '| command | variant | samples | ready ms (median) | first answer ms (median) | first answer ms (min) | RSS MB (median) |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...report.rows.map(
      (r) =>
        `| ${r.command} | ${r.variant} | ${r.samples} | ${f0(r.readyMedianMs)} | ${f0(r.answerMedianMs)} | ${f0(r.answerMinMs)} | ${r.rssMedianMb.toFixed(1)} |`,
    ),
  ];
}

export function markdown(report: Report): string {
  return [
    '# Start-up: tsx (sources) vs the production build',
    '',
    `${report.date} · node ${report.node} · ${report.cpus} · load before ${report.loadBefore.toFixed(2)}`,
    '',
    report.setup,
    '',
    ...table(report),
    '',
  ].join('\n');
}

export function saveReport(dir: URL, report: Report): string[] {
  mkdirSync(dir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const json = new URL(`startup-${stamp}.json`, dir);
  const md = new URL(`startup-${stamp}.md`, dir);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, markdown(report));
  return [json.pathname, md.pathname];
}
