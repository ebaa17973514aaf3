// Measuring one suite query in one mode: REST calls of one execution, median latency of sequential
// executions, and throughput of concurrent executions for a fixed time.
import { execute, parse, type DocumentNode } from 'graphql';
import { createGraphContext } from '../../src/resolvers';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../src/rest/types';
import { schema } from '../../src/schema';

export interface Measurement {
  restCalls: number;
  medianMs: number;
  p90Ms: number;
  opsPerSecond: number;
  /** Process CPU (user + system) per execution during the throughput run: resolvers, REST client and graphql-js, no HTTP server. */
  cpuMsPerOp: number;
}

class CountingCaller implements RestCaller {
  calls = 0;
  constructor(private readonly inner: RestCaller) {}
  call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
    this.calls++;
    return this.inner.call(operationId, options);
  }
}

async function once(
  rest: RestCaller,
  document: DocumentNode,
  variables: Record<string, unknown>,
  naive: boolean,
): Promise<void> {
  const result = await execute({
    schema,
    document,
    variableValues: variables,
    contextValue: createGraphContext({ rest, naive }),
  });
  if (result.errors?.length) throw new Error(`query failed: ${result.errors[0].message}`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export async function measure(
  rest: RestCaller,
  query: string,
  variables: Record<string, unknown>,
  naive: boolean,
  o: { samples: number; seconds: number; concurrency: number },
): Promise<Measurement> {
  const document = parse(query);
  const counter = new CountingCaller(rest);
  await once(counter, document, variables, naive);
  await once(rest, document, variables, naive); // warm-up
  const times: number[] = [];
  for (let i = 0; i < o.samples; i++) {
    const start = performance.now();
    await once(rest, document, variables, naive);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  let done = 0;
  const until = performance.now() + o.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await once(rest, document, variables, naive);
      done++;
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    restCalls: counter.calls,
    medianMs: quantile(times, 0.5),
    p90Ms: quantile(times, 0.9),
    opsPerSecond: done / elapsed,
    cpuMsPerOp: (used.user + used.system) / 1000 / done,
  };
}
