// Links by natural key (Transaction.customerId -> the Customer whose customerId it is, in the same
// space): no REST link and no id, so the targets are found by search, one search per space for
// every parent of the tick (`customerId:"a" OR customerId:"b"`), and each parent gets the first match.
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { resourceOf, type NaturalLink } from '../catalog';
import { searchAll } from './collections';
import { internalsOf, planOf, type GraphContext, type Internals } from './context';
import { entityMeta, type Entity } from './entity';
import { keyOf, spaceFor } from './entity-cache';
import { guarded } from './errors';
import { group, term } from './search-syntax';
import { stableKey } from './stable-key';
import { ObjectSlot } from '../shared/object-slot';

const loaders = new ObjectSlot<Internals, Map<string, DataLoader<string, Entity | null>>>(
  'paygraph.naturalLinks',
);

function loaderFor(
  internals: Internals,
  link: NaturalLink,
  space: number | null,
  expand: string[],
  naive: boolean,
) {
  let perContext = loaders.get(internals);
  if (!perContext) {
    perContext = new Map();
    loaders.set(internals, perContext);
  }
  const id = stableKey([link.model, link.name, space, expand]);
  let loader = perContext.get(id);
  if (!loader) {
    const target = resourceOf(link.target);
    loader = new DataLoader<string, Entity | null>(
      async (values) => {
        internals.observeBatch('natural-link', target.typeName, values.length);
        const query = group(
          values.map((v) => term(link.targetField, ':', v)),
          'OR',
        );
        const rows = await searchAll(internals, target, space, query, `${target.key.field}:ASC`, expand);
        const byValue = new Map<string, Entity>();
        for (const row of rows) {
          const value = keyOf(row[link.targetField]);
          if (value !== null && !byValue.has(value)) byValue.set(value, row);
        }
        return values.map((v) => byValue.get(v) ?? null);
      },
      // Values per search: the OR of their terms stays a modest query.
      { batch: !naive, maxBatchSize: 100 },
    );
    perContext.set(id, loader);
  }
  return loader;
}

/** The entity a natural-key link names, or null when the parent names none or none matches. */
export function resolveNaturalLink(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  parent: Entity,
  link: NaturalLink,
): Promise<Entity | null> {
  return guarded(async () => {
    const value = keyOf(parent[link.field]);
    if (value === null) return null;
    const space = spaceFor(link.target, entityMeta(parent).space);
    const expand = planOf(ctx, info, link.target, 'entity').paths;
    return loaderFor(internalsOf(ctx), link, space, expand, ctx.naive).load(value);
  });
}
