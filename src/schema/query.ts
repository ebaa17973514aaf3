// Query root: node/nodes for every entity, and the account-level collections and lookups
// (`spaces`, `space(id:)`, `countries`, `country(id:)`...). Space-scoped ones hang off Space.
import { resources } from '../catalog';
import { resolveNode, resolveNodes } from '../resolvers';
import { builder } from './builder';
import { rootFields } from './collections';
import { badUserInput, dynamicArg, dynamicField } from './dynamic';

/** Most global IDs one `nodes` call takes (the REST batch size). */
export const MAX_NODES = 100;

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
      args: {
        ids: dynamicArg(t.arg, {
          type: 'ID',
          list: true,
          required: true,
          description: `Global IDs (at most ${MAX_NODES}).`,
        }),
      },
      description: 'Entities by global ID, in the order asked; null where one does not exist.',
      remote: true,
      resolve: (_root, args, ctx, info) => {
        const ids = (args.ids as unknown[]).map(String);
        if (ids.length > MAX_NODES)
          throw badUserInput(`\`ids\` takes at most ${MAX_NODES} global IDs, got ${ids.length}`);
        return resolveNodes(ctx, info, ids);
      },
    }),
    ...rootFields<unknown>(
      t,
      resources.filter((r) => !r.spaceScoped),
      () => null,
    ),
  };
});
