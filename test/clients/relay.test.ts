// Relay: relay-compiler 21 compiles examples/clients/relay over schema.graphql (its config's
// customScalarTypes are paygraph's published client scalars), with no error: Node and node(id:),
// @connection on a Relay connection, @refetchable through node(id:), typed errors through
// MutationError. Then the operation texts Relay made (with the `id` fields it adds to every object
// that has one) run against paygraph over HTTP: the page, the next page through the refetch query.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/resolvers';
import { clientScalarOutputs } from '../../src/schema/client-scalars';
import { startClientWorld, type ClientWorld } from './support';

const EXAMPLE = resolve('examples/clients/relay');
const config = JSON.parse(readFileSync(join(EXAMPLE, 'relay.config.json'), 'utf8')) as {
  customScalarTypes: Record<string, string>;
};

let w: ClientWorld;
let out: string;
let compiled: { code: number; output: string };

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'paygraph-relay-'));
  const file = join(out, 'relay.config.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...config,
      src: EXAMPLE,
      schema: resolve('schema.graphql'),
      artifactDirectory: join(out, '__generated__'),
    }),
  );
  mkdirSync(join(out, '__generated__'));
  compiled = await promisify(execFile)(resolve('node_modules/.bin/relay-compiler'), [file], { cwd: out })
    .then(({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }))
    .catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout}${error.stderr}`,
    }));
  w = await startClientWorld();
}, 60_000);
afterAll(async () => {
  await w?.close();
  rmSync(out, { recursive: true, force: true });
});

/** The operation text of a compiled artifact (what Relay's network layer sends). */
function operationText(name: string): string {
  const artifact = readFileSync(join(out, '__generated__', `${name}.graphql.ts`), 'utf8');
  return JSON.parse(/"text": ("(?:[^"\\]|\\.)*")/.exec(artifact)![1]) as string;
}

async function run(text: string, variables: Record<string, unknown>) {
  const response = await fetch(w.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ query: text, variables }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

describe('Relay over paygraph', () => {
  it('compiles the example with relay-compiler 21, scalars as paygraph publishes them', () => {
    expect(compiled.output).toContain('Compilation completed');
    expect(compiled.code).toBe(0);
    expect(config.customScalarTypes).toEqual(clientScalarOutputs);
    expect(readdirSync(join(out, '__generated__')).sort()).toEqual([
      'TransactionListPaginationQuery.graphql.ts',
      'TransactionListQuery.graphql.ts',
      'TransactionListRenameCustomerMutation.graphql.ts',
      'TransactionList_space.graphql.ts',
    ]);
    expect(readFileSync(join(out, '__generated__', 'TransactionList_space.graphql.ts'), 'utf8')).toContain(
      'readonly authorizationAmount: string | null | undefined;',
    );
  });

  it('runs the compiled query and its refetch through node(id:) for the next page', async () => {
    const space = encodeGlobalId('Space', null, w.space);
    const first = await run(operationText('TransactionListQuery'), { space });
    expect(first.errors).toBeUndefined();
    const page = first.data.space.transactions;
    expect(page.edges).toHaveLength(5);
    // Relay added `id` to every object that has one, the embedded TransactionGroup included.
    expect(page.edges[0].node.group.id).toEqual(expect.any(String));
    const next = await run(operationText('TransactionListPaginationQuery'), {
      id: first.data.space.id,
      count: 5,
      cursor: page.pageInfo.endCursor,
    });
    expect(next.errors).toBeUndefined();
    const ids = [...page.edges, ...next.data.node.transactions.edges].map((e: { node: { restId: string } }) =>
      Number(e.node.restId),
    );
    expect(new Set(ids).size).toBe(10);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
