// Query root: node/nodes for every entity, and the account-level collections and lookups
// (`spaces`, `space(id:)`, `countries`, `country(id:)`...). Space-scoped ones hang off Space.
import { resources } from '../catalog';
import { resolveNode, resolveNodes } from '../resolvers';
import type { Entity } from '../resolvers/entity';
import { builder } from './builder';
import { rootFields } from './collections';
import { dynamicArg, dynamicField } from './dynamic';

builder.queryType({ description: 'The whole Payment and Subscription Management API as one graph.' });

builder.queryFields((t) => {
  const node = builder.nodeInterfaceRef();
  return {
    node: dynamicField<unknown>(t, {
      type: node,
      args: { id: dynamicArg(t.arg, { type: 'ID', required: true, description: 'A global ID.' }) },
      description: 'Any entity by its global ID.',
      remote: true,
      resolve: (_root, args, ctx, info) => resolveNode(ctx, info, String(args.id)),
    }),
    nodes: dynamicField<unknown>(t, {
      type: node,
      list: true,
      nullable: false,
      itemsNullable: true,
      args: { ids: dynamicArg(t.arg, { type: 'ID', list: true, required: true, description: 'Global IDs.' }) },
      description: 'Entities by global ID, in the order asked; null where one does not exist.',
      remote: true,
      resolve: (_root, args, ctx, info) => resolveNodes(ctx, info, (args.ids as unknown[]).map(String)),
    }),
    ...rootFields<unknown>(t, resources.filter((r) => !r.spaceScoped), () => null),
  };
});

export type { Entity };
