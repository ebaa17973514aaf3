// The abuse benchmark's report: a table on stdout, JSON and Markdown in bench/abuse/reports/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Counts } from './abusers';

export interface Phase {
  name: string;
  samples: number[];
}

export interface Outcome {
  options: {
    rounds: number;
    samples: number;
    clients: number;
    latencyMs: number;
    kinds: readonly string[];
    control: boolean;
  };
  phases: Phase[];
  /** p99 under abuse / p99 alone. */
  ratio: number;
  /** What the abusers' requests got, by kind and outcome. */
  counts: Counts;
  abuseSeconds: number;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const ms = (n: number) => n.toFixed(1);

/** The PAYGRAPH_* variables the run passed on to paygraph (`serve` inherits the environment). */
function settingsFromEnv(): string[] {
  return Object.entries(process.env)
    .filter(([name]) => name.startsWith('PAYGRAPH_') && !/KEY|TOKEN|SECRET/.test(name))
    .map(([name, value]) => `${name}=${value ?? ''}`);
}

function markdown(o: Outcome, date: string): string {
  const { options: op } = o;
  const lines = [
    '# Abuse: the p99 of a well-behaved caller while others abuse paygraph',
    '',
    `${date} · node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load ${loadavg()[0].toFixed(2)}`,
    '',
    `paygraph \`serve\` (api-keys) and the sandbox (${op.latencyMs} ms latency per REST call) as processes on loopback; ` +
      `${op.rounds} rounds of ${op.samples} calm queries alone, then with ${op.clients} abusive clients ` +
      `(${o.abuseSeconds.toFixed(1)} s of abuse in all).`,
    '',
    `paygraph's settings from the environment: ${settingsFromEnv().join(', ') || 'none (the defaults)'}.`,
    '',
    '| phase | samples | p50 ms | p90 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...o.phases.map(
      (p) =>
        `| ${p.name} | ${p.samples.length} | ${ms(percentile(p.samples, 0.5))} | ${ms(percentile(p.samples, 0.9))} | ` +
        `${ms(percentile(p.samples, 0.99))} | ${ms(Math.max(...p.samples))} |`,
    ),
    '',
    `**p99 ratio (with abusers / alone): ${o.ratio.toFixed(2)}x** (target: at most 2x)`,
    '',
    '| abuse | requests | outcomes (HTTP status, first error code) |',
    '|---|---:|---|',
    ...Object.entries(o.counts).map(([kind, outcomes]) => {
      const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
      const shown = Object.entries(outcomes)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ');
      return `| ${kind} | ${total} | ${shown} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

export function printAndSave(o: Outcome): void {
  const date = new Date().toISOString();
  const text = markdown(o, date);
  process.stdout.write(`${text}\n`);
  const dir = join(import.meta.dirname, 'reports');
  mkdirSync(dir, { recursive: true });
  const stem = `abuse-${date.replace(/[:.]/g, '-')}`;
  writeFileSync(join(dir, `${stem}.md`), text);
  const summary = o.phases.map((p) => ({
    name: p.name,
    samples: p.samples.length,
    p50: percentile(p.samples, 0.5),
    p99: percentile(p.samples, 0.99),
  }));
  writeFileSync(
    join(dir, `${stem}.json`),
    `${JSON.stringify({ date, ...o, settings: settingsFromEnv(), phases: summary }, null, 2)}\n`,
  );
  process.stdout.write(`saved bench/abuse/reports/${stem}.md and .json\n`);
}
