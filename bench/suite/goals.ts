// The speed goals as data, and how a run meets them. Each goal reads one measure per scenario (or one
// for the whole run) from the run's cells and compares it with its target; the report puts the goals
// first, and for each one not met a line on what stands between, linking to the profile that shows it.
import { cellsOf, median, pairedRatio } from './aggregate';
import type { ContenderName } from './contenders';
import type { CellResult, Results } from './results';
import * as nestedScenarios from './scenarios/nested';

/** One comparison of a goal: a scenario's (or the run's) measure against its target. */
export interface Check {
  /** The scenario, or undefined for a measure of the whole run. */
  scenario?: string;
  shown: string;
  met: boolean;
}

export interface Goal {
  goal: string;
  target: string;
  checks(r: Results): Check[];
  /** Markdown: what stands between paygraph and the goal while it is not met. */
  between: string;
}

export interface GoalRow {
  goal: string;
  target: string;
  measured: string;
  met: boolean;
  /** Checks that had something to compare (a contender without the scenario counts for none). */
  checked: number;
  between: string;
}

// Headings of bench/profile/README.md's section "What stands between paygraph and each goal".
const link = (heading: string) =>
  `[${heading}](profile/README.md#${heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')})`;
const f = (n: number, digits: number) => n.toFixed(digits);
const NESTED = new Set(Object.values(nestedScenarios).map((s) => s.name));

const measured = (r: Results, scenario: string, c: ContenderName) =>
  cellsOf(r, scenario, c).filter((x) => !x.unavailable && x.load);
const medianOf = (cells: CellResult[], value: (c: CellResult) => number) =>
  cells.length ? median(cells.map(value)) : undefined;

/** A per-scenario check for the scenarios `where` selects; `measure` answers undefined when there is nothing to compare. */
function perScenario(
  measure: (r: Results, scenario: string) => { value: number; limit: number; shown: string } | undefined,
  atMost: boolean,
  where: (scenario: string) => boolean = () => true,
): (r: Results) => Check[] {
  return (r) =>
    r.scenarios
      .filter((s) => where(s.name))
      .flatMap((s) => {
        const m = measure(r, s.name);
        return m
          ? [{ scenario: s.name, shown: m.shown, met: atMost ? m.value <= m.limit : m.value >= m.limit }]
          : [];
      });
}

/** paygraph's value against the minimum's, structural measures (REST calls, rounds): fewer or equal is met. */
function likeMinimum(value: (c: CellResult) => number | undefined): (r: Results) => Check[] {
  return perScenario((r, scenario) => {
    const of = (c: ContenderName) => {
      const xs = measured(r, scenario, c)
        .map(value)
        .filter((x): x is number => x !== undefined);
      return xs.length ? Math.max(...xs) : undefined;
    };
    const [pg, min] = [of('paygraph'), of('minimum')];
    return pg === undefined || min === undefined
      ? undefined
      : { value: pg, limit: min, shown: `${pg} (minimum ${min})` };
  }, true);
}

/**
 * paygraph / Mesh paired per round (median over rounds) against a bound, shown beside the minimum's
 * own ratio to Mesh: where the minimum misses the bound too, no gateway can meet it.
 */
function againstMesh(
  value: (c: CellResult) => number,
  limit: number,
  atMost: boolean,
  where?: (scenario: string) => boolean,
) {
  return perScenario(
    (r, scenario) => {
      const [pg, min] = (['paygraph', 'minimum'] as const).map((c) =>
        pairedRatio(cellsOf(r, scenario, c), cellsOf(r, scenario, 'mesh'), value),
      );
      return (
        pg && {
          value: pg.median,
          limit,
          shown: `${f(pg.median, 2)}${min ? ` (minimum ${f(min.median, 2)})` : ''}`,
        }
      );
    },
    atMost,
    where,
  );
}

/** paygraph / minimum paired per round (median over rounds), against a bound per scenario. */
function againstMinimum(value: (c: CellResult) => number, limitOf: (scenario: string) => number) {
  return perScenario((r, scenario) => {
    const pg = pairedRatio(cellsOf(r, scenario, 'paygraph'), cellsOf(r, scenario, 'minimum'), value);
    const limit = limitOf(scenario);
    return pg && { value: pg.median, limit, shown: `${f(pg.median, 2)} (at most ${limit})` };
  }, true);
}

const cpu = (c: CellResult) => c.cpuMsPerOp!;
const ops = (c: CellResult) => c.load!.opsPerSecond;

export const GOALS: Goal[] = [
  {
    goal: 'REST calls per operation',
    target: "the minimum's, every scenario",
    checks: likeMinimum((c) => c.restCalls),
    between: `a REST call the hand-written client does not make: ${link('Goal: REST calls and rounds')}.`,
  },
  {
    goal: 'REST rounds on the critical path',
    target: "the minimum's, every scenario",
    checks: likeMinimum((c) => c.restRounds),
    between: `calls waiting for one another that the minimum sends at once (a concurrency bound, writes kept in order): ${link('Goal: REST calls and rounds')}.`,
  },
  {
    goal: 'gateway CPU per operation, paygraph / Mesh',
    target: 'at most 0.33, every scenario Mesh answers',
    checks: againstMesh(cpu, 1 / 3, true),
    between: `no hot spot left in paygraph's own code: the request's wire work (socket writes, the REST body's parse, signing), graphql-js execution, yoga's Fetch-API layers and the garbage they make, each 5-15%; where the minimum's own ratio (in brackets) is above 0.33, making the same REST calls and answering them without GraphQL already costs more than a third of Mesh's: ${link('Goal: CPU per operation')}.`,
  },
  {
    goal: 'gateway CPU per operation, 20-row page with links',
    target: 'at most 1 ms',
    checks: perScenario(
      (r, scenario) => {
        const [pg, min] = (['paygraph', 'minimum'] as const).map((c) =>
          medianOf(measured(r, scenario, c), cpu),
        );
        return pg === undefined
          ? undefined
          : {
              value: pg,
              limit: 1,
              shown: `${f(pg, 2)} ms (minimum ${min === undefined ? 'n/a' : f(min, 2)} ms)`,
            };
      },
      true,
      (s) => s === 'page',
    ),
    between: `the minimum's CPU on this page (beside paygraph's above) is the floor: node's HTTP server, undici and JSON for one REST call and one answer, before any GraphQL: ${link('Goal: CPU per operation')}.`,
  },
  {
    goal: 'gateway CPU per operation against the minimum, paygraph / minimum',
    target: 'at most 2 on the page, 3 on every other scenario',
    checks: againstMinimum(cpu, (s) => (s === 'page' ? 2 : 3)),
    between: `the minimum makes the same REST calls without GraphQL; paygraph adds yoga's handling of each GraphQL request and its plugins' hooks (the checkout is four requests to the minimum's one), the resolvers' work per row and the mutations' per item: ${link("Issue 25: the request's fixed costs (stop 30)")}.`,
  },
  {
    goal: 'gateway CPU per operation on the page and a transaction with its completions and refunds, paygraph / Mesh',
    target: 'at most 0.6',
    checks: againstMesh(cpu, 0.6, true, (s) => s === 'page' || s === 'children'),
    between: `the same as against the minimum, whose own ratio to Mesh is in brackets: ${link("Issue 25: the request's fixed costs (stop 30)")}.`,
  },
  {
    goal: 'throughput, paygraph / Mesh',
    target: 'at least 3, every nested scenario',
    checks: againstMesh(ops, 3, false, (s) => NESTED.has(s)),
    between: `at 8 connections on 2 shared cores throughput follows CPU per operation where both make the same REST calls; where the minimum's own ratio (in brackets) is under 3, no gateway reaches it on this machine: ${link('Goal: throughput on the nested scenarios')}.`,
  },
  {
    goal: 'RSS after load',
    target: 'at most 150 MB',
    checks: (r) => {
      const rss = r.scenarios.map((s) => ({
        s: s.name,
        mb: medianOf(measured(r, s.name, 'paygraph'), (c) => c.rssMbAfter!),
      }));
      const known = rss.filter((x): x is { s: string; mb: number } => x.mb !== undefined);
      if (!known.length) return [];
      const worst = known.reduce((a, b) => (b.mb > a.mb ? b : a));
      return [{ shown: `${f(worst.mb, 0)} MB (after ${worst.s}, the highest)`, met: worst.mb <= 150 }];
    },
    between: `V8 keeps the heap it grew under load (young generation, old space between collections): ${link('Goal: RSS after load')}.`,
  },
  {
    goal: 'cold start to the first answer',
    target: 'at most 1 s',
    checks: (r) => {
      const ms = r.coldStarts.filter((x) => x.contender === 'paygraph').map((x) => x.ms);
      return ms.length ? [{ shown: `${f(median(ms), 0)} ms (median)`, met: median(ms) <= 1000 }] : [];
    },
    between: `building the schema and loading the bundle at start: ${link('Goal: cold start')}.`,
  },
];

function measuredText(checks: Check[]): string {
  if (checks.length === 1)
    return checks[0].scenario ? `${checks[0].scenario} ${checks[0].shown}` : checks[0].shown;
  const missed = checks.filter((c) => !c.met);
  const count = `${checks.length - missed.length} of ${checks.length} scenarios`;
  return missed.length ? `${count}; not: ${missed.map((c) => `${c.scenario} ${c.shown}`).join(', ')}` : count;
}

export function goalRows(r: Results): GoalRow[] {
  return GOALS.map((g) => {
    const checks = g.checks(r);
    return {
      goal: g.goal,
      target: g.target,
      measured: checks.length ? measuredText(checks) : 'not measured in this run',
      met: checks.length > 0 && checks.every((c) => c.met),
      checked: checks.length,
      between: g.between,
    };
  });
}

/** The report's goals section: one row per goal, then what stands between for each goal not met. */
export function goalsSection(r: Results): string[] {
  const rows = goalRows(r);
  const unmet = rows.filter((x) => !x.met && x.checked);
  return [
    '| goal | target | paygraph in this run | met |',
    '|---|---|---|---|',
    ...rows.map(
      (x) =>
        `| ${x.goal} | ${x.target} | ${x.measured} | ${x.checked ? (x.met ? 'yes' : '**no**') : 'n/a'} |`,
    ),
    '',
    ...(unmet.length
      ? ['What stands between:', '', ...unmet.map((x) => `- **${x.goal}**: ${x.between}`)]
      : [rows.every((x) => x.met) ? 'Every goal is met.' : 'Every goal measured in this run is met.']),
  ];
}
