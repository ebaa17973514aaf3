// Typed filters on fields of single embedded objects, against the REST search with the dotted names
// the REST API documents: equal answers for the same condition, and every name the typed filters can
// produce, on every searchable resource, is one the sandbox's search accepts.
import type { GraphQLInputObjectType, GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByModel, resources, type Resource } from '../../src/catalog';
import type { OperationId } from '../../src/rest/types';
import { schema } from '../../src/schema';
import { at, startWorld, type TestWorld } from '../support/world';

type Obj = Record<string, unknown>;
let h: TestWorld;
let foreign: number;

beforeAll(async () => {
  h = await startWorld({ seedSize: 'default' });
  // Every seeded transaction bills to CH: one billed elsewhere makes the CH filter select a part.
  const created = (await h.rest.call('createTransaction', {
    space: h.space,
    body: {
      currency: 'EUR',
      lineItems: [
        { name: 'Ticket', quantity: 1, amountIncludingTax: 42, type: 'PRODUCT', uniqueId: 'ticket' },
      ],
      billingAddress: { country: 'DE', city: 'Berlin', familyName: 'Filter' },
    },
  })) as Obj;
  foreign = Number(created.id);
});
afterAll(() => h?.close());

async function restIds(operationId: OperationId, query: string, path?: Obj): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const params = { limit: 100, order: 'id:ASC', query, ...(offset ? { offset } : {}) };
    const body = (await h.rest.call(operationId, { space: h.space, path, query: params } as never)) as {
      data: Obj[];
      hasMore: boolean;
    };
    ids.push(...body.data.map((o) => Number(o.id)));
    if (!body.hasMore) return ids;
  }
}

async function graphIds(field: string, filter: Obj, extraArgs = ''): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await h.run(
      `query($s: ID!, $f: ${field === 'transactions' ? 'Transaction' : 'CustomerAddress'}Filter, $a: String) { space(id: $s) {
        ${field}(first: 100, after: $a, filter: $f, orderBy: [{ field: ID }]${extraArgs}) { nodes { restId } pageInfo { hasNextPage endCursor } } } }`,
      { s: String(h.space), f: filter, a: after },
    );
    expect(r.errors).toBeUndefined();
    const page = at(r.data, `space.${field}`) as {
      nodes: { restId: number }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    ids.push(...page.nodes.map((n) => Number(n.restId)));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
}

describe('filters on embedded objects', () => {
  it('transactions(filter: { billingAddress: { country: { eq: "CH" } } }) = REST billingAddress.country:CH', async () => {
    const rest = await restIds('searchTransactions', 'billingAddress.country:CH');
    const graph = await graphIds('transactions', { billingAddress: { country: { eq: 'CH' } } });
    expect(graph).toEqual(rest);
    expect(graph.length).toBeGreaterThan(100);
    expect(graph).not.toContain(foreign);
    expect(await graphIds('transactions', { billingAddress: { country: { eq: 'DE' } } })).toEqual([foreign]);
  });

  it('combines embedded conditions with and/or/not inside the embedded filter', async () => {
    const filter = {
      shippingAddress: { or: [{ city: { eq: 'Bern' } }, { not: { country: { isNull: false } } }] },
    };
    const rest = await restIds(
      'searchTransactions',
      'shippingAddress.city:Bern OR shippingAddress.country:*',
    );
    expect(await graphIds('transactions', filter)).toEqual(rest);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('customerAddresses(filter: { address: { city } }) = REST address.city', async () => {
    const customers = (await h.rest.call('searchCustomers', { space: h.space, query: { limit: 50 } })) as {
      data: Obj[];
    };
    for (const customer of customers.data) {
      const path = { customerId: customer.id };
      const addresses = (await h.rest.call('searchCustomerAddresses', {
        space: h.space,
        path,
        query: { limit: 100 },
      } as never)) as {
        data: Obj[];
      };
      const city = (addresses.data[0]?.address as Obj | undefined)?.city;
      if (typeof city !== 'string') continue;
      const rest = await restIds('searchCustomerAddresses', `address.city:"${city}"`, path);
      const graph = await graphIds(
        'customerAddresses',
        { address: { city: { eq: city } } },
        `, customerId: "${String(customer.id)}"`,
      );
      expect(graph).toEqual(rest);
      expect(graph.length).toBeGreaterThan(0);
      return;
    }
    throw new Error('no seeded customer has an address with a city');
  });
});

// ---- every dotted name the typed filters can produce is a name the REST search knows ----
const entityFilters = new Set(resources.map((r) => `${r.typeName}Filter`));
const inputObject = (type: GraphQLInputType): GraphQLInputObjectType | undefined => {
  const named = 'ofType' in type ? inputObject(type.ofType) : type;
  return named && 'getFields' in named ? named : undefined;
};

/** Dotted names of leaves reached through embedded filter types (links are covered elsewhere). */
function embeddedPaths(type: GraphQLInputObjectType, prefix: string, seen: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.name === 'and' || field.name === 'or' || field.name === 'not') continue;
    const inner = inputObject(field.type);
    if (!inner || entityFilters.has(inner.name)) continue;
    const isEmbedded = 'and' in inner.getFields();
    if (!isEmbedded) {
      // The REST key of an embedded object is `restId` in the graph, `id` in REST.
      if (prefix) out.push(`${prefix}${field.name === 'restId' ? 'id' : field.name}`);
    } else if (!seen.has(inner.name)) {
      out.push(...embeddedPaths(inner, `${prefix}${field.name}.`, new Set(seen).add(inner.name)));
    }
  }
  return out;
}

async function parentPath(resource: Resource): Promise<Obj | undefined> {
  if (!resource.parent) return {};
  const parent = resourceByModel.get(resource.parent.model);
  const op = parent?.ops.S ?? parent?.ops.L;
  if (!parent || parent.parent || !op) return undefined;
  const body = (await h.rest.call(op.operationId as OperationId, {
    space: h.space,
    query: { limit: 1 },
  })) as { data: Obj[] };
  const id = body.data[0]?.id;
  return id === undefined ? undefined : { [resource.parent.pathParam]: id };
}

describe('embedded filter names', () => {
  it('are accepted by the REST search of every searchable resource', async () => {
    let checked = 0;
    for (const resource of resources.filter((r) => r.ops.S)) {
      const type = schema.getType(`${resource.typeName}Filter`) as GraphQLInputObjectType | undefined;
      const paths = type ? embeddedPaths(type, '', new Set()) : [];
      if (paths.length === 0) continue;
      const path = await parentPath(resource);
      expect(path, `${resource.typeName}: a parent to search under`).toBeDefined();
      const query = paths.map((p) => `${p}:*`).join(' OR ');
      const call = h.rest.call(
        resource.ops.S!.operationId as OperationId,
        {
          space: resource.spaceScoped ? h.space : undefined,
          path,
          query: { limit: 1, query },
        } as never,
      );
      await expect(call, `${resource.typeName}: ${paths.join(', ')}`).resolves.toBeDefined();
      checked += paths.length;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
