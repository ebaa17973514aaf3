// Every entity of the catalog is reachable in the graph: its collection (on Query or Space, or under
// its parent for nested bases) lists objects, and `node(id:)`, `nodes(ids:)` and the single lookup by
// REST id return the same objects. Generic over the catalog: a new resource is covered by data alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type Resource } from '../../src/catalog';
import { isPlainList } from '../../src/schema/collections';
import { collectionField, lowerFirst, singularField } from '../../src/schema/naming';
import { startWorld, type TestWorld } from '../support/world';

let h: TestWorld;
beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
});
afterAll(async () => {
  await h?.close();
});

interface Found {
  id: string;
  restId: string | number;
}

/** Wraps a selection on the root the resource hangs off. */
function atRoot(
  resource: Resource,
  selection: string,
): { query: string; pick: (data: Record<string, any>) => any } {
  if (!resource.spaceScoped) return { query: `{ ${selection} }`, pick: (d) => d };
  return { query: `{ space(id: "${h.space}") { ${selection} } }`, pick: (d) => d.space };
}

/** A parent (of a nested resource) that has children, and one other parent. */
function parentsOf(resource: Resource): { withChild: unknown; other: unknown } {
  const parents = h.sandbox.state.store.list(resource.parent!.model, h.space);
  const withChild = parents.find((p) =>
    h.sandbox.state.store.list(resource.model, h.space).some((c) => c[resource.parent!.field] === p.id),
  );
  return { withChild: withChild?.id, other: parents.find((p) => p !== withChild)?.id };
}

function collectionArgs(resource: Resource): string {
  if (!resource.parent) return isPlainList(resource) ? '' : '(first: 2)';
  return `(first: 2, ${resource.parent.pathParam}: "${String(parentsOf(resource).withChild)}")`;
}

async function listSome(resource: Resource): Promise<Found[]> {
  const field = collectionField(resource);
  const plain = isPlainList(resource);
  const { query, pick } = atRoot(
    resource,
    `${field}${collectionArgs(resource)} { ${plain ? 'id restId' : 'nodes { id restId }'} }`,
  );
  const result = await h.run(query);
  expect(
    result.errors?.map((e) => e.message),
    `${resource.typeName}: ${query}`,
  ).toBeUndefined();
  const value = pick(result.data!)[field];
  return (plain ? value : value.nodes).slice(0, 2);
}

const reachable = resources.filter((r) => r.ops.L);

/** A nested lookup takes the REST id and the object's own global ID, the latter only under its parent. */
async function lookUpNested(resource: Resource, first: Found): Promise<void> {
  const lookup = singularField(resource);
  const { withChild, other } = parentsOf(resource);
  const under = (parent: unknown, id: unknown) =>
    atRoot(
      resource,
      `${lookup}(${resource.parent!.pathParam}: "${String(parent)}", id: "${String(id)}") { id restId }`,
    );
  for (const id of [first.restId, first.id]) {
    const { query, pick } = under(withChild, id);
    const byKey = await h.run(query);
    expect(
      byKey.errors?.map((e) => e.message),
      query,
    ).toBeUndefined();
    expect(pick(byKey.data!)[lookup]).toEqual(first);
  }
  const { query } = under(other, first.id);
  const wrong = await h.run(query);
  expect(wrong.errors?.[0], query).toMatchObject({
    extensions: { code: 'BAD_USER_INPUT' },
    message: expect.stringContaining(resource.parent!.pathParam),
  });
}

describe('every entity of the catalog', () => {
  it.each(reachable.map((r) => [r.typeName, r] as const))(
    '%s: listed, then found again by node, nodes and its lookup',
    async (_name, resource) => {
      const found = await listSome(resource);
      expect(found.length, `${resource.typeName} has demo data in space ${h.space}`).toBeGreaterThan(0);
      const [first] = found;

      const byNode = await h.run(
        `query($id: ID!) { node(id: $id) { id __typename ... on ${resource.typeName} { restId } } }`,
        {
          id: first.id,
        },
      );
      expect(byNode.errors?.map((e) => e.message)).toBeUndefined();
      expect(byNode.data!.node).toEqual({
        id: first.id,
        __typename: resource.typeName,
        restId: first.restId,
      });

      const byNodes = await h.run(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
        ids: found.map((f) => f.id),
      });
      expect(byNodes.errors?.map((e) => e.message)).toBeUndefined();
      expect(byNodes.data!.nodes).toEqual(found.map((f) => ({ id: f.id })));

      if (!resource.parent && resource.ops.G) {
        const lookup = singularField(resource);
        const { query, pick } = atRoot(resource, `${lookup}(id: "${String(first.restId)}") { id restId }`);
        const byKey = await h.run(query);
        expect(byKey.errors, query).toBeUndefined();
        expect(pick(byKey.data!)[lookup]).toEqual(first);
      }
      if (resource.parent && resource.ops.G) await lookUpNested(resource, first);
    },
  );

  it('covers every resource that REST can list', () => {
    expect(reachable.map((r) => lowerFirst(r.typeName)).length).toBe(resources.filter((r) => r.ops.L).length);
    expect(reachable.length).toBeGreaterThanOrEqual(50);
  });
});
