// The benchmark's result: one row per scenario, printed as a table and saved as JSON and Markdown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface Row {
  scenario: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface Report {
  date: string;
  node: string;
  cpus: string;
  /** 1-minute load average before the run: the machine is shared, so numbers vary with it. */
  loadBefore: number;
  targetRetrievalsPerSecond: number;
  /** True when the sandbox ran under --cpu-prof (slower: not a number to compare). */
  profiled: boolean;
  rows: Row[];
}

export function environment(): Omit<Report, 'rows' | 'targetRetrievalsPerSecond' | 'profiled'> {
  const list = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${list.length} x ${list[0]?.model ?? 'unknown'}`,
    loadBefore: loadavg()[0],
  };
}

const HEADER = ['scenario', 'connections', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'requests'];

function cells(row: Row): string[] {
  return [
    row.scenario,
    String(row.connections),
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    String(row.errors),
    String(row.non2xx),
    String(row.requests),
  ];
}

export function markdown(report: Report): string {
  const lines = [
    `# Sandbox benchmark ${report.date}`,
    '',
    `Node ${report.node}, ${report.cpus}, load average before the run ${report.loadBefore.toFixed(2)}.`,
    `Sandbox in a child process (\`paygraph sandbox --port 0\`), autocannon on loopback, every request signed with its own JWT.`,
    `Target: at least ${report.targetRetrievalsPerSecond} signed retrievals per second.${report.profiled ? ' Profiled run (--cpu-prof): slower than a plain run.' : ''}`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `| ${HEADER.map(() => '---').join(' | ')} |`,
    ...report.rows.map((row) => `| ${cells(row).join(' | ')} |`),
    '',
  ];
  return lines.join('\n');
}

export function printTable(rows: Row[]): void {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
}

/** Writes `<dir>/<stamp>.json` and `.md`, and `latest.md`; returns the paths. */
export function saveReport(dir: URL, report: Report): string[] {
  mkdirSync(dir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const files: [string, string][] = [
    [`${stamp}.json`, `${JSON.stringify(report, null, 2)}\n`],
    [`${stamp}.md`, markdown(report)],
    ['latest.md', markdown(report)],
  ];
  return files.map(([name, content]) => {
    const url = new URL(name, dir);
    writeFileSync(url, content);
    return url.pathname;
  });
}

/** A Markdown table: the first row is the header. */
export function markdownTable(table: string[][]): string[] {
  const [header, ...rows] = table;
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

/** Prints a table as aligned columns (the first row is the header). */
export function printColumns(table: string[][]): void {
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
}

/** Writes `reports/<name>-<stamp>.md` beside the benchmarks; returns its path. */
export function saveMarkdown(name: string, date: string, text: string): string {
  const dir = new URL('./reports/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}-${date.replace(/[:.]/g, '-')}.md`, dir);
  writeFileSync(file, text);
  return file.pathname;
}
