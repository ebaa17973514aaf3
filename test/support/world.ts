// The one test world: a sandbox (the small seed unless a test needs more), paygraph's REST client over
// it, the graph (the schema run directly over a RestCaller that records each call, or an app for HTTP
// semantics), the REST calls the sandbox counted, its faults and its clock. `useWorld` gives a file one
// world (started before its tests, closed after); `startWorld` one world a test owns.
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import type { ExecutionResult } from 'graphql';
import { createRestClient, type RestClient, type RestClientOptions } from '../../src/rest';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import type { GraphContextOptions } from '../../src/resolvers';
import {
  startSandbox,
  type FaultSettings,
  type RunningSandbox,
  type SandboxOptions,
} from '../../src/sandbox';
import type { App } from '../../src/server/app';
import { client, type SignOptions } from '../sandbox/support/signed-fetch';

/** The graph's modules, loaded only by worlds with a graph (tests of the sandbox alone never pay for them). */
async function graphModules() {
  const [{ schema }, { createGraphContext }, { createApp }] = await Promise.all([
    import('../../src/schema'),
    import('../../src/resolvers'),
    import('../../src/server/app'),
  ]);
  // The schema is built by Pothos, which Node loads with graphql-js's CommonJS build; the test runner
  // would hand this file the ESM build. Execute with the same copy the schema was made with.
  const { execute, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
  return { schema, createGraphContext, createApp, execute, parse };
}

export interface WorldOptions extends SandboxOptions {
  /** REST client settings of the world's `rest` (timeouts, retry, onCall...). */
  client?: Partial<Omit<RestClientOptions, 'baseUrl' | 'userId' | 'authKey'>>;
  /** The graph over the sandbox (default on; `false` for tests of the sandbox alone, which then never load the schema). */
  graph?: boolean | { graphiql?: boolean };
}

export interface RecordedCall {
  operationId: string;
  space?: unknown;
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
  body?: unknown;
  /** 1 + the latest round among the calls that had answered when this one was made: the critical path. */
  round: number;
}

/** A RestCaller that passes each call on and records it (with its round on the critical path). */
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
      body: options?.body,
      round,
    });
    const settled = () => (this.answeredRound = Math.max(this.answeredRound, round));
    return this.inner.call(operationId, options).finally(settled);
  }
}

export interface RunResult {
  data: Record<string, unknown> | null | undefined;
  errors: ExecutionResult['errors'];
  calls: RecordedCall[];
}

export type RunOptions = Omit<GraphContextOptions, 'rest'>;

/** What the sandbox counted since the last reset. */
export interface CountedCalls {
  total: number;
  byOperation: Record<string, number>;
}

export interface TestWorld {
  sandbox: RunningSandbox;
  /** paygraph's REST client over the sandbox, as its first application user. */
  rest: RestClient;
  /** The first seeded space, where most demo data lives. */
  space: number;
  /** The first application user's credentials, for signed raw calls. */
  sign: SignOptions;
  /** Signed raw REST calls to the sandbox (no paygraph in between). */
  call: ReturnType<typeof client>;
  /** Executes an operation with the schema over a fresh GraphContext, recording each REST call. */
  run(query: string, variables?: Record<string, unknown>, o?: RunOptions): Promise<RunResult>;
  /** paygraph's app over `rest` (a world started with `graph: false` has none). */
  app: App;
  /** POSTs an operation (JSON) to the world's app, with extra headers; the JSON body. */
  graph(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Record<string, any>>;
  /** REST calls the sandbox counted since the last reset (the counter keeps running). */
  counted(): Promise<CountedCalls>;
  /** REST calls the sandbox counted since the last reset, by operation. */
  restCalls(): Promise<Record<string, number>>;
  /** Starts counting again from zero. */
  resetCalls(): Promise<void>;
  /** What the sandbox counted since the last reset, then resets: the calls one piece of work made. */
  takeCalls(): Promise<CountedCalls>;
  /** Sets sandbox faults (merged into the current ones). */
  setFaults(fault: Partial<FaultSettings>): void;
  clearFaults(): void;
  /** Runs `work` with a sandbox fault set, then clears every fault. */
  withFault<T>(fault: Partial<FaultSettings>, work: () => Promise<T>): Promise<T>;
  /** The sandbox clock (manual when the world was started with `clock: 'manual'`). */
  clock: RunningSandbox['clock'];
  close(): Promise<void>;
}

/** A world on the small seed unless `options.seedSize` says otherwise. */
export async function startWorld(options: WorldOptions = {}): Promise<TestWorld> {
  const { client: clientOptions, graph = true, ...sandboxOptions } = options;
  const modules = graph === false ? undefined : await graphModules();
  const sandbox = await startSandbox({ seedSize: 'small', ...sandboxOptions });
  const [user] = sandbox.users;
  const rest = createRestClient({
    ...clientOptions,
    baseUrl: sandbox.baseUrl,
    userId: user.id,
    authKey: user.key,
  });
  const sign: SignOptions = { userId: user.id, key: user.key };
  // The counter is read over the sandbox's admin endpoint, as another process would: the sandbox
  // answers it after the requests that reached it before, so a call still arriving is not missed.
  const requests = async (method: 'GET' | 'DELETE'): Promise<CountedCalls> =>
    (await (await fetch(`${sandbox.origin}/__admin/requests`, { method })).json()) as CountedCalls;
  const noGraph = (): never => {
    throw new Error('this world was started with graph: false');
  };
  const app = modules?.createApp({ rest, graphiql: typeof graph === 'object' && graph.graphiql === true });
  const world: TestWorld = {
    sandbox,
    rest,
    space: sandbox.spaces[0],
    sign,
    call: client(sandbox.origin, sign),
    async run(query, variables = {}, o = {}) {
      const { schema, createGraphContext, execute, parse } = modules ?? noGraph();
      const recorder = new RecordingCaller(rest);
      const contextValue = createGraphContext({ ...o, rest: recorder });
      const result = await execute({
        schema,
        document: parse(query),
        variableValues: variables,
        contextValue,
      });
      return { data: result.data, errors: result.errors, calls: recorder.calls };
    },
    get app() {
      return app ?? noGraph();
    },
    async graph(query, variables = {}, headers = {}) {
      const response = await world.app.fetch('http://paygraph.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as Record<string, any>;
    },
    counted: () => requests('GET'),
    restCalls: async () => (await requests('GET')).byOperation,
    resetCalls: async () => void (await requests('DELETE')),
    async takeCalls() {
      const snapshot = await requests('GET');
      await requests('DELETE');
      return snapshot;
    },
    setFaults: (fault) => sandbox.faults.set(fault),
    clearFaults: () => sandbox.faults.clear(),
    async withFault(fault, work) {
      sandbox.faults.set(fault);
      try {
        return await work();
      } finally {
        sandbox.faults.clear();
      }
    },
    clock: sandbox.clock,
    async close() {
      await rest.close();
      await sandbox.close();
    },
  };
  return world;
}

/** One world for the file's tests: filled in before the first test, closed after the last. */
export function useWorld(options: WorldOptions = {}): TestWorld {
  const world = {} as TestWorld;
  beforeAll(async () => {
    Object.defineProperties(world, Object.getOwnPropertyDescriptors(await startWorld(options)));
  });
  afterAll(async () => {
    await world.close?.();
  });
  return world;
}

/** REST calls by operation, from a list of recorded calls. */
export function count(calls: RecordedCall[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) out[c.operationId] = (out[c.operationId] ?? 0) + 1;
  return out;
}

/** REST rounds on the critical path of a run. */
export const rounds = (calls: RecordedCall[]): number => Math.max(0, ...calls.map((c) => c.round));

/** Follows a dotted path through plain data (GraphQL results). */
export function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split('.'))
    v = v === null || v === undefined ? undefined : (v as Record<string, unknown>)[part];
  return v;
}
