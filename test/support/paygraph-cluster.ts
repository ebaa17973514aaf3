// Several real `paygraph serve` processes over one sandbox process, sharing one Redis, as an operator
// runs them behind a balancer: what the exactly-once and scale-out tests drive. The sandbox's admin
// endpoints inject REST faults and count REST calls per operation.
import type { ChildProcess } from 'node:child_process';
import { startCli, stopChild } from './cli-process';

export interface SandboxReady {
  baseUrl: string;
  users: { id: string; key: string }[];
  spaces: number[];
}

export interface GraphBody {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: { cost?: { actual: number } };
}

export interface Instance {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234/graphql */
  url: string;
  /** What it wrote on stderr (its JSON log lines). */
  stderr: () => string;
  post: (body: object, headers?: Record<string, string>) => Promise<GraphBody>;
  /** GET of an operations endpoint (`/readyz`, `/metrics`): status and text. */
  get: (path: string) => Promise<{ status: number; text: string }>;
}

export interface FaultSettings {
  latencyMs?: number;
  errorCount?: number;
  errorStatus?: number;
  errorRate?: number;
  match?: { method?: string; operationId?: string };
}

export interface Cluster {
  sandbox: SandboxReady;
  space: string;
  instances: Instance[];
  /** REST calls per operationId since the last reset. */
  restCalls(): Promise<Record<string, number>>;
  resetCalls(): Promise<void>;
  fault(settings: FaultSettings): Promise<void>;
  clearFaults(): Promise<void>;
  stop(): Promise<void>;
}

export async function post(
  url: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<GraphBody> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as GraphBody;
}

export interface ClusterOptions {
  redisUrl: string;
  instances: number;
  /** Environment of every `serve` (log level `info` unless given). */
  env?: Record<string, string>;
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
  };
  try {
    const started = await startCli<SandboxReady>(
      ['sandbox', '--port', '0'],
      { PAYGRAPH_LOG_LEVEL: 'warn' },
      children,
    );
    const sandbox = started.ready;
    const admin = `${new URL(sandbox.baseUrl).origin}/__admin`;
    const [user] = sandbox.users;
    // Started together: the sandbox's start above built the CLI bundle if it was missing.
    const instances = await Promise.all(
      Array.from({ length: o.instances }, async (): Promise<Instance> => {
        const serve = await startCli<{ graphql: string }>(
          ['serve', '--rest-url', sandbox.baseUrl, '--user-id', user.id, '--port', '0'],
          {
            PAYGRAPH_LOG_LEVEL: 'info',
            PAYGRAPH_AUTH_KEY: user.key,
            REDIS_URL: o.redisUrl,
            ...o.env,
          },
          children,
        );
        const url = serve.ready.graphql;
        return {
          child: serve.child,
          url,
          stderr: () => serve.stderr(),
          post: (body, headers) => post(url, body, headers),
          get: async (path) => {
            const response = await fetch(new URL(path, url));
            return { status: response.status, text: await response.text() };
          },
        };
      }),
    );
    const json = (body: unknown) => ({
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      sandbox,
      space: String(sandbox.spaces[0]),
      instances,
      restCalls: async () =>
        ((await (await fetch(`${admin}/requests`)).json()) as { byOperation: Record<string, number> })
          .byOperation,
      resetCalls: async () => void (await fetch(`${admin}/requests`, { method: 'DELETE' })),
      fault: async (settings) => void (await fetch(`${admin}/faults`, json(settings))),
      clearFaults: async () => void (await fetch(`${admin}/faults`, { method: 'DELETE' })),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
