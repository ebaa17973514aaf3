// The contract suite: every operation of openapi.json (POST /ibans included) called once against a
// real sandbox over HTTP, with a request derived from the schemas and the seeded data, and its status
// and body checked against the documented ones. One test per operation, grouped by area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../src/catalog';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { contractProblems } from './support/check';
import { ownerOf, prepare } from './support/plan';
import { createExtras, scenarios } from './support/scenarios';
import { World } from './support/world';

let sandbox: RunningSandbox;
let world: World;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1 });
  world = new World(sandbox, createExtras);
});

afterAll(async () => {
  await sandbox?.close();
});

const areaOf = (op: Operation) => ownerOf(op)?.area ?? 'other';
const groups = [...new Set(operations.map(areaOf))].sort().map((area) => ({
  area,
  ops: operations
    .filter((op) => areaOf(op) === area)
    .map((op) => ({ name: `${op.operationId} ${op.method} ${op.path}`, op })),
}));

describe('the operation list', () => {
  it('holds the 300 operations of the facts and POST /ibans', () => {
    expect(operations).toHaveLength(301);
    expect(operations.some((op) => op.method === 'POST' && op.path === '/ibans')).toBe(true);
  });
});

describe.each(groups)('$area', ({ ops }) => {
  it.each(ops)('$name', async ({ op }) => {
    const request = await prepare(op, world, scenarios[op.operationId]);
    const response = await world.request(op, request);
    const problems = contractProblems(op, response);
    // The problems as the assertion message, so that a failure says in full what was wrong.
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
