// One operation of a scenario against one contender, over HTTP with undici: the GraphQL steps of
// paygraph or Mesh (each step may use the answer of the one before), or the minimum's endpoint.
import { Pool } from 'undici';
import type { Fixture, GraphClient, GraphStep, Scenario } from './scenarios';

export type Kind = 'paygraph' | 'mesh' | 'minimum';
export type Operation = () => Promise<unknown>;

export interface Target {
  kind: Kind;
  /** GraphQL endpoint, or the minimum server's origin. */
  url: string;
  pool: Pool;
}

export function createTarget(kind: Kind, url: string, connections: number): Target {
  return {
    kind,
    url,
    pool: new Pool(new URL(url).origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 }),
  };
}

async function postJson(target: Target, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await target.pool.request({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 200)
    throw new Error(`${path} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A GraphQL client over the target: answers `data`, throws with the first error. */
export function graphClient(target: Target): GraphClient {
  const path = new URL(target.url).pathname;
  return async (query, variables) => {
    const body = await postJson(target, path, { query, variables });
    const errors = body.errors as { message: string }[] | undefined;
    if (errors?.length) throw new Error(`GraphQL error: ${errors[0].message}`);
    return body.data as Record<string, unknown>;
  };
}

/** Typed errors come back as data: a payload with a `code` (paygraph's MutationError) or REST's error message (Mesh). */
function assertNoTypedError(data: unknown): void {
  const text = JSON.stringify(data);
  const typed = /"code":"[A-Z_]+"|"message":"/.exec(text);
  if (typed)
    throw new Error(
      `the answer holds an error: ${text.slice(Math.max(0, typed.index - 100), typed.index + 200)}`,
    );
}

/** The operation of one scenario; `check` also refuses answers holding typed errors. */
export function operationOf(
  target: Target,
  scenario: Scenario,
  fixture: Fixture,
  prepared: Record<string, unknown>,
  check: boolean,
): Operation | undefined {
  if (target.kind === 'minimum') {
    return async () => {
      const body = await postJson(target, `/${scenario.name}`, fixture);
      if (check && (body.data === undefined || body.data === null))
        throw new Error('the minimum answered no data');
      return body.data;
    };
  }
  const steps = target.kind === 'mesh' ? scenario.mesh : scenario.paygraph;
  if (!Array.isArray(steps)) return undefined;
  const graph = graphClient(target);
  const documents = steps.map((s: GraphStep) => (typeof s.query === 'string' ? s.query : s.query(fixture)));
  return async () => {
    let previous: Record<string, unknown> = {};
    for (const [i, step] of steps.entries()) {
      previous = await graph(documents[i], step.variables(fixture, previous, prepared));
      if (check) assertNoTypedError(previous);
    }
    return previous;
  };
}
