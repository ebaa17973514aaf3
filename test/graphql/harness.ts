// One sandbox and one REST client per test file; every GraphQL operation runs through the real
// schema with a fresh GraphContext over a RestCaller that records each call it passes on.
import { createRequire } from 'node:module';
import type { ExecutionResult } from 'graphql';
import { createRestClient, type RestClient } from '../../src/rest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { createGraphContext, type GraphContextOptions } from '../../src/resolvers';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox';
import { schema } from '../../src/schema';

// The schema is built by Pothos, which Node loads with graphql-js's CommonJS build; the test runner
// would hand this file the ESM build. Execute with the same copy the schema was made with.
const { execute, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export interface RecordedCall {
  operationId: string;
  space?: unknown;
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
  /** 1 + the latest round among the calls that had answered when this one was made: the critical path. */
  round: number;
}

export class RecordingCaller implements RestCaller {
  readonly calls: RecordedCall[] = [];
  private answeredRound = 0;
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    const round = this.answeredRound + 1;
    this.calls.push({
      operationId,
      space: options?.space,
      query: options?.query as Record<string, unknown> | undefined,
      path: options?.path as Record<string, unknown> | undefined,
      round,
    });
    const settled = () => (this.answeredRound = Math.max(this.answeredRound, round));
    return this.inner.call(operationId, options).finally(settled);
  }
}

/** REST rounds on the critical path of a run. */
export const rounds = (calls: RecordedCall[]): number => Math.max(0, ...calls.map((c) => c.round));

export interface RunResult {
  data: Record<string, unknown> | null | undefined;
  errors: ExecutionResult['errors'];
  calls: RecordedCall[];
}

export type RunOptions = Omit<GraphContextOptions, 'rest'>;

export interface Harness {
  sandbox: RunningSandbox;
  rest: RestClient;
  space: number;
  run(query: string, variables?: Record<string, unknown>, o?: RunOptions): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(options);
  const user = sandbox.users[0];
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  return {
    sandbox,
    rest,
    space: sandbox.spaces[0],
    async run(query, variables = {}, o = {}) {
      const recorder = new RecordingCaller(rest);
      const contextValue = createGraphContext({ ...o, rest: recorder });
      const result = await execute({ schema, document: parse(query), variableValues: variables, contextValue });
      return { data: result.data, errors: result.errors, calls: recorder.calls };
    },
    async close() {
      await rest.close();
      await sandbox.close();
    },
  };
}

export function count(calls: RecordedCall[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) out[c.operationId] = (out[c.operationId] ?? 0) + 1;
  return out;
}

/** Follows a dotted path through plain data (GraphQL results). */
export function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('.')) v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[part];
  return v;
}
