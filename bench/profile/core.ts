// `node --import tsx bench/profile/core.ts [--scenario page] [--seconds 8]`: the same operation as the
// load runs, executed in process with graphql-js `execute` over the real schema and REST client (no
// HTTP server, no yoga, no logging or metrics), 8 at a time against the sandbox child with 5 ms latency:
// CPU per operation of paygraph's own work, to set against the server's CPU per operation.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { createRestClient } from '../../src/rest';
import { createGraphContext } from '../../src/resolvers';
import { schema } from '../../src/schema';
import { startChildSandbox } from '../sandbox/child-sandbox';
import { scenarios } from './scenarios';

// The schema is built with graphql-js's CommonJS build (through Pothos): execute with that copy.
const { execute, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scenario: { type: 'string', default: 'page' }, seconds: { type: 'string', default: '8' } },
  });
  const scenario = scenarios[values.scenario];
  if (!scenario) throw new Error(`--scenario must be one of ${Object.keys(scenarios).join(', ')}`);
  const sandbox = await startChildSandbox();
  const user = sandbox.users[0];
  const rest = createRestClient({ baseUrl: sandbox.baseUrl, userId: user.id, authKey: user.key });
  try {
    const space = sandbox.spaces[0];
    const first = (await rest.call('searchTransactions', { space, query: { limit: 1 } })) as {
      data: { id: number }[];
    };
    const document = parse(scenario.query);
    const subscriptions = (await rest.call('searchSubscriptions', { space, query: { limit: 1 } })) as {
      data: { id: number }[];
    };
    const variableValues = scenario.variables({
      space,
      transaction: first.data[0].id,
      subscription: subscriptions.data[0].id,
    });
    const put = await fetch(new URL('/__admin/faults', sandbox.baseUrl), {
      method: 'PUT',
      body: JSON.stringify({ latencyMs: 5 }),
    });
    if (!put.ok) throw new Error(`setting the sandbox latency answered ${put.status}`);
    const once = async () => {
      const result = await execute({
        schema,
        document,
        variableValues,
        contextValue: createGraphContext({ rest }),
      });
      if (result.errors?.length) throw new Error(result.errors[0].message);
      JSON.stringify(result);
    };
    for (let i = 0; i < 200; i++) await once(); // warm-up
    let done = 0;
    const until = performance.now() + Number(values.seconds) * 1000;
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          await once();
          done++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    console.log(
      `${scenario.name}: ${((used.user + used.system) / 1000 / done).toFixed(3)} ms CPU per operation in process (${done} operations)`,
    );
  } finally {
    await rest.close();
    await sandbox.stop();
  }
}

await main();
