// Objects with a REST id but no endpoint of their own (TransactionGroup, Charge, PaymentTerminal,
// FailureReason...) have a global `id` too, so that Apollo, urql and Relay can normalize them: on every
// entity of the catalog, each embedded object field whose type has an `id` answers one that names its
// type and REST id, distinct across types; `node(id:)` says clearly that it cannot read one back.
import { isObjectType, getNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphTypeName, resources } from '../../src/catalog';
import { decodeGlobalId } from '../../src/resolvers';
import { schema } from '../../src/schema';
import { isPlainList } from '../../src/schema/collections';
import { collectionField } from '../../src/schema/naming';
import { startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(async () => {
  await h?.close();
});

/** Fields of an entity type whose type is an embedded object with a global id (not a Node). */
function embeddedWithId(typeName: string): string[] {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return [];
  return Object.values(type.getFields())
    .filter((f) => {
      const target = getNamedType(f.type);
      return (
        isObjectType(target) &&
        'restId' in target.getFields() &&
        'id' in target.getFields() &&
        !target.getInterfaces().length
      );
    })
    .map((f) => f.name);
}

const withEmbedded = resources.filter((r) => r.ops.L && !r.parent && embeddedWithId(r.typeName).length > 0);

function decodedText(id: string): string {
  return Buffer.from(id, 'base64url').toString('utf8');
}

describe('global ids of embedded objects', () => {
  it('exist wherever REST embeds an object with an id', () => {
    expect(withEmbedded.map((r) => r.typeName)).toEqual(expect.arrayContaining(['Transaction']));
    expect(embeddedWithId('Transaction')).toEqual(expect.arrayContaining(['group']));
  });

  it.each(withEmbedded.map((r) => [r.typeName, r] as const))(
    '%s: each embedded object answers an id naming its type and REST id',
    async (_name, r) => {
      const fields = embeddedWithId(r.typeName);
      const selection = fields.map((f) => `${f} { __typename id restId }`).join(' ');
      const plain = isPlainList(r);
      const list = `${collectionField(r)}${plain ? '' : '(first: 20)'} { ${plain ? selection : `nodes { ${selection} }`} }`;
      const query = r.spaceScoped ? `{ space(id: "${h.space}") { ${list} } }` : `{ ${list} }`;
      const result = await h.run(query);
      expect(
        result.errors?.map((e) => e.message),
        query,
      ).toBeUndefined();
      const root = (r.spaceScoped ? (result.data!.space as Record<string, unknown>) : result.data!)[
        collectionField(r)
      ];
      const rows = (plain ? root : (root as { nodes: unknown[] }).nodes) as Record<string, unknown>[];
      for (const row of rows) {
        for (const field of fields) {
          const values = ([] as unknown[]).concat(row[field] ?? []) as {
            __typename: string;
            id: string;
            restId: string;
          }[];
          for (const v of values) {
            const [model, , key] = decodedText(v.id).split(':');
            expect(graphTypeName(model), `${r.typeName}.${field}`).toBe(v.__typename);
            expect(key).toBe(v.restId);
            // An embedded id never passes for an entity's global ID.
            expect(decodeGlobalId(v.id)).toBeNull();
          }
        }
      }
    },
  );

  it('node(id:) refuses one clearly: the type cannot be read on its own', async () => {
    const r = await h.run(
      `{ space(id: "${h.space}") { transactions(first: 20) { nodes { group { id } } } } }`,
    );
    const group = (
      r.data!.space as { transactions: { nodes: { group: { id: string } | null }[] } }
    ).transactions.nodes.find((n) => n.group)!.group!;
    const node = await h.run(`query($id: ID!) { node(id: $id) { id } }`, { id: group.id });
    expect(node.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: expect.stringContaining('TransactionGroup, which REST cannot read on its own'),
    });
  });
});
