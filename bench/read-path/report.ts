// The read-path benchmark's report: a table on stdout, JSON and Markdown in reports/.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Measurement } from './measure';

export interface Row {
  query: string;
  paygraph: Measurement;
  naive: Measurement;
}

export interface Report {
  date: string;
  node: string;
  cpus: string;
  loadBefore: number;
  setup: string;
  rows: Row[];
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(2));

export function markdown(report: Report): string {
  const head = [
    `# Read path: paygraph vs naive resolvers`,
    '',
    `${report.date} · node ${report.node} · ${report.cpus} · load before ${report.loadBefore.toFixed(2)}`,
    '',
    report.setup,
    '',
    '| query | REST calls paygraph | REST calls naive | median ms paygraph | median ms naive | p90 ms paygraph | p90 ms naive | ops/s paygraph | ops/s naive | CPU ms/op paygraph | CPU ms/op naive |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const rows = report.rows.map(
    (r) =>
      `| ${r.query} | ${r.paygraph.restCalls} | ${r.naive.restCalls} | ${f1(r.paygraph.medianMs)} | ${f1(r.naive.medianMs)} | ` +
      `${f1(r.paygraph.p90Ms)} | ${f1(r.naive.p90Ms)} | ${f1(r.paygraph.opsPerSecond)} | ${f1(r.naive.opsPerSecond)} | ` +
      `${f2(r.paygraph.cpuMsPerOp)} | ${f2(r.naive.cpuMsPerOp)} |`,
  );
  return [...head, ...rows, ''].join('\n');
}

export function saveReport(dir: URL, report: Report): string[] {
  mkdirSync(dir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const json = new URL(`read-path-${stamp}.json`, dir);
  const md = new URL(`read-path-${stamp}.md`, dir);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, markdown(report));
  return [json.pathname, md.pathname];
}
