// bench/REPORT.md from a run: the goals met or not, the headline table, latency, memory, cold start,
// what Mesh could not do, and the machine; plus the chart and the raw JSON in bench/suite/reports/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cellsOf, median, pairedRatio, summarize, type Ratio, type Summary } from './aggregate';
import { throughputChart } from './chart';
import type { ContenderName } from './contenders';
import { goalsSection } from './goals';
import { ROUND_STEP_MS } from './measure';
import type { CellResult, Results } from './results';

const REPORT = new URL('../REPORT.md', import.meta.url);
const REPORTS = new URL('./reports/', import.meta.url);
const CHART = 'suite/reports/throughput.svg';

const f = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(digits);
const ratio = (r: Ratio | undefined) => (r ? `${f(r.median, 2)} (${f(r.min, 2)}–${f(r.max, 2)})` : 'n/a');

function summaries(r: Results, scenario: string): Record<ContenderName, Summary> {
  return Object.fromEntries(
    r.settings.contenders.map((c) => [c, summarize(cellsOf(r, scenario, c))]),
  ) as Record<ContenderName, Summary>;
}

function each(r: Results, s: Record<ContenderName, Summary>, value: (x: Summary) => string): string {
  return r.settings.contenders
    .map((c) => (s[c].unavailable && !s[c].opsPerSecond ? 'n/a' : value(s[c])))
    .join(' / ');
}

function ratios(
  r: Results,
  scenario: string,
  other: ContenderName,
  value: (c: CellResult) => number,
): string {
  if (!r.settings.contenders.includes('paygraph') || !r.settings.contenders.includes(other)) return 'n/a';
  return ratio(pairedRatio(cellsOf(r, scenario, 'paygraph'), cellsOf(r, scenario, other), value));
}

function headline(r: Results): string[] {
  const names = r.settings.contenders.join(' / ');
  const rows = r.scenarios.map((sc) => {
    const s = summaries(r, sc.name);
    const ops = (c: CellResult) => c.load!.opsPerSecond;
    const cpu = (c: CellResult) => c.cpuMsPerOp!;
    return (
      `| ${sc.title} | ${each(r, s, (x) => x.restCalls ?? 'n/a')} | ${each(r, s, (x) => String(x.restRounds ?? '–'))} | ` +
      `${each(r, s, (x) => f(x.opsPerSecond, 0))} | ${each(r, s, (x) => f(x.cpuMsPerOp, 2))} | ` +
      `${ratios(r, sc.name, 'mesh', ops)} | ${ratios(r, sc.name, 'mesh', cpu)} | ${ratios(r, sc.name, 'minimum', ops)} |`
    );
  });
  return [
    `| scenario | REST calls per op (${names}) | REST rounds | ops/s at ${r.settings.connections} connections | gateway CPU ms per op | throughput pg/Mesh | CPU per op pg/Mesh | throughput pg/minimum |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

function latency(r: Results): string[] {
  const cs = r.settings.contenders;
  const rows = r.scenarios.map((sc) => {
    const s = summaries(r, sc.name);
    const pair = (a?: number, b?: number) => `${f(a, 0)} / ${f(b, 0)}`;
    return `| ${sc.name} | ${cs.map((c) => pair(s[c].seqP50, s[c].seqP99)).join(' | ')} | ${cs.map((c) => pair(s[c].loadP50, s[c].loadP99)).join(' | ')} |`;
  });
  return [
    `| scenario | ${cs.map((c) => `${c} sequential`).join(' | ')} | ${cs.map((c) => `${c} at ${r.settings.connections} connections`).join(' | ')} |`,
    `|---|${cs.map(() => '---:|').join('')}${cs.map(() => '---:|').join('')}`,
    ...rows,
  ];
}

function memory(r: Results): string[] {
  const rows = r.scenarios.map(
    (sc) => `| ${sc.name} | ${each(r, summaries(r, sc.name), (x) => f(x.rssMb, 0))} |`,
  );
  return [
    `| scenario | RSS MB after its load (${r.settings.contenders.join(' / ')}) |`,
    '|---|---|',
    ...rows,
  ];
}

function coldStarts(r: Results): string[] {
  const rows = r.settings.contenders.map((c) => {
    const xs = r.coldStarts.filter((x) => x.contender === c);
    const ms = xs.map((x) => x.ms);
    return `| ${c} | ${f(median(ms), 0)} (${f(Math.min(...ms), 0)}–${f(Math.max(...ms), 0)}) | ${f(median(xs.map((x) => x.rssMb)), 0)} |`;
  });
  return [
    '| contender | process start to first answer, ms: median (range) | RSS at first answer, MB |',
    '|---|---|---|',
    ...rows,
  ];
}

function notAnswered(r: Results): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const c of r.cells.filter((x) => x.unavailable)) {
    const key = `${c.contender} ${c.scenario} ${c.unavailable}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`- ${c.contender}, ${c.scenario}: ${c.unavailable}`);
  }
  const errors = r.cells.filter((c) => c.load?.errors);
  for (const c of errors)
    lines.push(
      `- ${c.contender}, ${c.scenario}, round ${c.round}: ${c.load!.errors} failed operations under load (${c.load!.firstError})`,
    );
  return lines.length ? lines : ['- none: every contender answered every scenario.'];
}

export function markdown(r: Results): string {
  const m = r.machine;
  const s = r.settings;
  const cores = Number(/^\d+/.exec(m.cpus)?.[0] ?? 1);
  const busy = m.loadBefore[0] > cores || m.loadAfter[0] > cores;
  const reduced =
    s.rounds < 5 || s.seconds < 2 || s.samples < 10 || s.scenarios.length < 11 || s.contenders.length < 4;
  return [
    '# Benchmark: paygraph, paygraph naive, GraphQL Mesh and the minimum',
    '',
    reduced
      ? `**Reduced run** (${s.rounds} rounds, ${s.seconds} s of load per cell): numbers are indicative only; \`npm run bench\` runs the full suite.\n`
      : '',
    busy
      ? `**The machine was busy** (load average above its ${cores} cores, other work running): latency and throughput ranges are wide; gateway CPU per operation and REST calls and rounds are the steadier measures.\n`
      : '',
    `${m.date} · ${m.cpus} · ${m.memoryGb.toFixed(1)} GB · ${m.os} · node ${m.node} · commit ${m.commit} · load average before ${m.loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${m.loadAfter.map((x) => x.toFixed(2)).join(' ')} · ${(m.durationS / 60).toFixed(1)} min`,
    '',
    `Reproduce: \`npm run bench\` (defaults: 5 rounds, 2 s of load per cell, 10 sequential samples) or e.g. \`npm run bench -- --rounds ${s.rounds} --seconds ${s.seconds} --scenarios ${s.scenarios.join(',')}\`.`,
    '',
    '## Goals',
    '',
    ...goalsSection(r),
    '',
    '## Setup',
    '',
    `- Every contender runs as its own process, started fresh in each round against a freshly seeded sandbox (a child process, \`paygraph sandbox\`) that adds ${s.latencyMs} ms to every REST call. Contenders are interleaved within each of the ${s.rounds} rounds, their order rotating.`,
    '- **paygraph**: the production build, started as users start it (`npx paygraph serve`: bin/paygraph.mjs run as a program, no node flag to give: its first line gives node the heap bound; one process). **naive**: the same build with naive resolvers (one REST retrieval per link, no expand, no batching). ' +
      `**mesh**: GraphQL Mesh, \`@graphql-mesh/compose-cli\` + \`@omnigraph/openapi\` composing src/rest/openapi.json (${(m.composeMs / 1000).toFixed(1)} s), served by \`@graphql-hive/gateway\` with the signing plugin (bench/suite/mesh/), given the \`expand\` strings and the @resolveTo child fields a team would write. ` +
      '**minimum**: a hand-written endpoint per scenario making exactly the REST calls it needs with undici (bench/suite/minimum/).',
    "- paygraph runs with its response cache off (`PAYGRAPH_CACHE=off`: Mesh has none configured, and a cached answer makes no REST call) and logs at `warn`, as the gateway does. The scenarios that write run after the reads in each contender's turn. Mesh runs with the project's override of `@graphql-tools/delegate` (12.2.0).",
    `- Per scenario and contender: REST calls of one operation (the sandbox's request counter); REST rounds on the critical path (first round: how many times ${ROUND_STEP_MS} ms added to every REST call shows in one operation's time); ${s.samples} sequential operations (p50/p99); then ${s.connections} connections back to back for ${s.seconds} s: latency p50/p99, operations per second, gateway CPU per operation (user + system time of the process tree from /proc, over the operations) and RSS after the load. One operation of the checkout is its four mutations. Values are medians over rounds; ratios are paygraph's value over the other's in the same round: median (range over rounds).`,
    '',
    '## Headline',
    '',
    ...headline(r),
    '',
    `![operations per second per scenario](${CHART})`,
    '',
    'Operations per second at the load, medians over rounds; the bars of each scenario are scaled to its fastest contender.',
    '',
    '## Latency',
    '',
    'p50 / p99 in ms, medians over rounds.',
    '',
    ...latency(r),
    '',
    '## Memory after load',
    '',
    ...memory(r),
    '',
    '## Cold start',
    '',
    ...coldStarts(r),
    '',
    '## What Mesh needed by hand',
    '',
    '- A gateway plugin (bench/suite/mesh/signing-plugin.ts) that points each request at the REST deployment and signs it (HS256 JWT bound to method, path and query).',
    '- The `expand` strings of every link the selection reaches, written into each document (paygraph derives them from the selection).',
    '- Six child fields with `@resolveTo` (completions, refunds, addresses, comments, versions, charges) and one for links past the expand depth (a connector with its processor): one REST call per parent, as Mesh resolves them.',
    '- `nodes` has no counterpart: one aliased retrieval per id (50 REST calls where one search per type does).',
    '- The bulk create split by hand into aliased mutation fields of at most 100 items, which GraphQL runs one after another.',
    '',
    '## Not answered, failures',
    '',
    ...notAnswered(r),
    '',
    '## Scenarios',
    '',
    ...r.scenarios.map(
      (sc) => `- **${sc.name}**: ${sc.title}${sc.writes ? ' (writes)' : ''}${sc.note ? `. ${sc.note}` : ''}`,
    ),
    '',
    '## Versions',
    '',
    ...Object.entries(m.versions).map(([name, v]) => `- ${name} ${v}`),
    '',
  ].join('\n');
}

/** The report formatted as the repository's Prettier settings want it (it is checked with the rest). */
export async function formattedReport(r: Results): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(fileURLToPath(REPORT))) ?? {};
  return prettier.format(markdown(r), { ...options, parser: 'markdown' });
}

/** Writes bench/REPORT.md, the chart and the run's raw JSON. */
export async function writeReports(r: Results): Promise<string[]> {
  mkdirSync(REPORTS, { recursive: true });
  const stamp = r.machine.date.replace(/[:.]/g, '-');
  const json = new URL(`bench-${stamp}.json`, REPORTS);
  const chart = new URL('throughput.svg', REPORTS);
  const rows = r.scenarios.map((sc) => ({
    scenario: sc.name,
    values: Object.fromEntries(
      r.settings.contenders.map((c) => [c, summarize(cellsOf(r, sc.name, c)).opsPerSecond]),
    ),
  }));
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(
    chart,
    throughputChart(
      rows,
      r.settings.contenders,
      `Operations per second at ${r.settings.connections} connections, ${r.settings.latencyMs} ms REST latency`,
    ),
  );
  writeFileSync(REPORT, await formattedReport(r));
  return [fileURLToPath(REPORT), fileURLToPath(chart), fileURLToPath(json)];
}
