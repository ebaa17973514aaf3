// Nothing the API description allows is refused as malformed: for every operation with a JSON request
// body, bodies generated from its schema (ids of demo objects where a field names one) are never
// answered 400 (a rule of openapi.json would have to be broken, and the generator keeps them all) nor
// 500. What the sandbox decides otherwise is a business outcome: 2xx, 404, 409, 413, 422.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/catalog';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { schemaArbitrary } from './support/body-arbitrary';
import { prepare } from './support/plan';
import { createExtras, scenarios } from './support/scenarios';
import { World } from './support/world';

let sandbox: RunningSandbox;
let world: World;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 });
  world = new World(sandbox, createExtras);
});

afterAll(async () => {
  await sandbox?.close();
});

const withBodies = operations.filter((op) => op.requestBody && refNameOrArray(op.requestBody));

function refNameOrArray(schema: NonNullable<(typeof operations)[number]['requestBody']>): boolean {
  return Boolean(schema.$ref || schema.type === 'array' || schema.type === 'object');
}

describe('request bodies the schema allows', () => {
  it.each(withBodies.map((op) => ({ name: `${op.operationId} ${op.method} ${op.path}`, op })))(
    '$name: never 400 nor 500',
    async ({ op }) => {
      await fc.assert(
        fc.asyncProperty(schemaArbitrary(op.requestBody!, world), async (body) => {
          const request = await prepare(op, world, scenarios[op.operationId]);
          const response = await world.request(op, { ...request, body });
          expect(response.status, `${JSON.stringify(body)} -> ${response.text}`).not.toBe(500);
          expect(response.status, `${JSON.stringify(body)} -> ${response.text}`).not.toBe(400);
        }),
        { numRuns: 8, seed: 1 },
      );
    },
  );
});
