// One sandbox, one REST client and the app in process per test file, for tests that go through HTTP
// semantics (headers, masking, cost) and count REST calls at the sandbox (its admin counters), with
// faults set there for one piece of work at a time.
import { afterAll, beforeAll } from 'vitest';
import { createRestClient, type RestClient, type Timeouts } from '../../src/rest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createApp, type App } from '../../src/server/app';

export interface AppFixture {
  sandbox: RunningSandbox;
  rest: RestClient;
  app: App;
  /** The first seeded space. */
  space: number;
  /** POSTs a GraphQL operation to the app (JSON), with extra headers; answers the JSON body. */
  graph(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<Record<string, any>>;
  /** REST calls the sandbox counted since the last reset, by operation. */
  restCalls(): Promise<Record<string, number>>;
  resetCounts(): Promise<void>;
  /** Runs `work` with a sandbox fault set (PUT /__admin/faults), then clears it. */
  withFault<T>(fault: Record<string, unknown>, work: () => Promise<T>): Promise<T>;
}

export function useAppFixture(o: { timeouts?: Partial<Timeouts>; graphiql?: boolean } = {}): AppFixture {
  const f = {} as AppFixture;
  const admin = (path: string) => `${f.sandbox.origin}/__admin/${path}`;
  beforeAll(async () => {
    f.sandbox = await startSandbox();
    const [user] = f.sandbox.users;
    f.rest = createRestClient({ baseUrl: f.sandbox.baseUrl, userId: user.id, authKey: user.key, timeouts: o.timeouts });
    f.app = createApp({ rest: f.rest, graphiql: o.graphiql ?? false });
    f.space = f.sandbox.spaces[0];
  });
  afterAll(async () => {
    await f.rest?.close();
    await f.sandbox?.close();
  });
  f.graph = async (query, variables = {}, headers = {}) => {
    const response = await f.app.fetch('http://paygraph.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Record<string, any>;
  };
  f.restCalls = async () => ((await (await fetch(admin('requests'))).json()) as { byOperation: Record<string, number> }).byOperation;
  f.resetCounts = async () => {
    await fetch(admin('requests'), { method: 'DELETE' });
  };
  f.withFault = async (fault, work) => {
    await fetch(admin('faults'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
    try {
      return await work();
    } finally {
      await fetch(admin('faults'), { method: 'DELETE' });
    }
  };
  return f;
}
