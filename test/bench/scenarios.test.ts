// The benchmark's scenarios cannot rot: every paygraph document of bench/suite/scenarios is valid
// against the schema and answers without errors (GraphQL or typed) over an in-process sandbox, and
// every hand-written minimum client makes its REST calls without a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../bench/suite/fixture';
import { createMinimumRest, type ClosableRest } from '../../bench/suite/minimum/rest';
import { scenarios, type Fixture, type GraphClient } from '../../bench/suite/scenarios';
import { useWorld } from '../support/world';

const f = useWorld({ seedSize: 'default' });
let fixture: Fixture;
let rest: ClosableRest;

beforeAll(async () => {
  const perSpace = f.sandbox.seedSummary.perSpace;
  const cardConfigurations = Object.fromEntries(
    Object.entries(perSpace).map(([space, s]) => [space, s.cardPaymentMethodConfigurationId]),
  );
  fixture = await loadFixture({ ...f.sandbox, cardConfigurations });
  rest = createMinimumRest(f.sandbox.baseUrl, f.sandbox.users[0]);
});
afterAll(() => rest?.close());

const graph: GraphClient = async (query, variables) => {
  const body = await f.graph(query, variables);
  expect(body.errors).toBeUndefined();
  // The cost estimate is an upper bound on the REST calls made.
  const cost = (body.extensions as { cost?: { estimated: number; actual: number } } | undefined)?.cost;
  expect(cost?.actual, query).toBeLessThanOrEqual(cost?.estimated ?? 0);
  return body.data as Record<string, unknown>;
};

describe('benchmark scenarios', () => {
  it('are at least the ten the suite promises, with unique names', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(10);
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
  });

  it.each(scenarios.map((s) => [s.name, s] as const))(
    '%s: paygraph answers every step without errors',
    async (_name, s) => {
      const prepared = s.preparePaygraph ? await s.preparePaygraph(graph, fixture) : {};
      let previous: Record<string, unknown> = {};
      for (const step of s.paygraph) {
        const query = typeof step.query === 'string' ? step.query : step.query(fixture);
        previous = await graph(query, step.variables(fixture, previous, prepared));
        expect(JSON.stringify(previous)).not.toMatch(/"code":"[A-Z_]+"/);
      }
      expect(Object.keys(previous).length).toBeGreaterThan(0);
    },
  );

  it.each(scenarios.map((s) => [s.name, s] as const))(
    '%s: the minimum client makes its REST calls',
    async (_name, s) => {
      await f.resetCalls();
      await expect(s.minimum(rest, fixture)).resolves.toBeDefined();
      const calls = Object.values(await f.restCalls()).reduce((a, b) => a + b, 0);
      expect(calls).toBeGreaterThan(0);
    },
  );
});

// Production runs a document on graphql-js the first time and compiled (graphql-jit) from then on:
// every read scenario's answer, compiled, equals graphql-js's over the same data.
describe('compiled execution answers as graphql-js', () => {
  it.each(scenarios.filter((s) => !s.writes).map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const prepared = s.preparePaygraph ? await s.preparePaygraph(graph, fixture) : {};
    let previous: Record<string, unknown> = {};
    for (const step of s.paygraph) {
      const query = typeof step.query === 'string' ? step.query : step.query(fixture);
      const variables = step.variables(fixture, previous, prepared);
      const interpreted = await f.run(query, variables);
      // Twice over HTTP: the second run is compiled (graphql-jit loaded meanwhile, as in production).
      await f.graph(query, variables);
      await import('../../src/server/execution/jit');
      const compiled = await f.graph(query, variables);
      expect(compiled.errors).toBeUndefined();
      expect(compiled.data).toEqual(JSON.parse(JSON.stringify(interpreted.data)));
      previous = compiled.data as Record<string, unknown>;
    }
  });

  /** An answer with every leaf replaced by its JSON type: two runs of a write make other objects. */
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shape)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : value === null
          ? null
          : typeof value;

  it.each(scenarios.filter((s) => s.writes).map((s) => [s.name, s] as const))(
    '%s (writes: compiled, answers in the shape graphql-js answers)',
    async (_name, s) => {
      const interpreted: GraphClient = async (query, variables) => {
        const result = await f.run(query, variables);
        expect(result.errors).toBeUndefined();
        return JSON.parse(JSON.stringify(result.data)) as Record<string, unknown>;
      };
      // Over HTTP three times: the first runs each document on graphql-js and has graphql-jit loaded;
      // the last is compiled. graphql-js directly in between.
      const runs: Record<string, unknown>[][] = [];
      for (const client of [graph, interpreted, graph]) {
        await import('../../src/server/execution/jit');
        const prepared = s.preparePaygraph ? await s.preparePaygraph(client, fixture) : {};
        let previous: Record<string, unknown> = {};
        const answers: Record<string, unknown>[] = [];
        for (const step of s.paygraph) {
          const query = typeof step.query === 'string' ? step.query : step.query(fixture);
          previous = await client(query, step.variables(fixture, previous, prepared));
          answers.push(previous);
        }
        runs.push(answers);
      }
      expect(runs[2].map(shape)).toEqual(runs[1].map(shape));
    },
  );
});
