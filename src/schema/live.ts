// The Subscription root: live updates. `entityChanged(id:)` follows one object (any entity with a
// version or a state) and answers it with the client's selection each time it changes;
// `<models>Changed(space:, filter:)` answers the new and changed objects of a filter, from the
// moment of subscribing. Both are served over SSE and WebSocket; src/live does the watching.
import { liveCollections, resourceOf } from '../catalog';
import {
  eventEntity,
  readSpace,
  subscribeCollection,
  subscribeEntity,
  targetOf,
  type LiveEvent,
} from '../live';
import type { Filter } from '../resolvers';
import { builder } from './builder';
import { dynamicArg, dynamicSubscriptionField, type DynamicFieldRef } from './dynamic';
import { cleanFilter, filterRef } from './filters';
import { plural } from './naming';
import { entityRef } from './registry';

builder.subscriptionType({
  description:
    'Live updates: paygraph watches the REST API (one search per space and model per tick, whatever the number of subscribers).',
});

builder.subscriptionFields((t) => {
  const fields: Record<string, DynamicFieldRef> = {
    entityChanged: dynamicSubscriptionField<LiveEvent>(t, {
      type: builder.nodeInterfaceRef(),
      nullable: false,
      description:
        'The object as it is now, then again each time its version or state changes. With `untilFinal`, the stream ends once the object reaches a final state.',
      args: {
        id: dynamicArg(t.arg, {
          type: 'ID',
          required: true,
          description: 'The global ID of the object to follow.',
        }),
        untilFinal: dynamicArg(t.arg, {
          type: 'Boolean',
          defaultValue: false,
          description: 'End the stream at a final state (e.g. FULFILL, FAILED).',
        }),
      },
      subscribe: (_root, args, ctx, info) =>
        subscribeEntity(ctx, info, String(args.id), args.untilFinal === true),
      resolve: (event, args, ctx) => {
        const { model, space } = targetOf(String(args.id));
        return eventEntity(ctx, event, model, space);
      },
    }),
  };
  for (const model of liveCollections) {
    const resource = resourceOf(model);
    fields[`${plural(resource.fieldName)}Changed`] = dynamicSubscriptionField<LiveEvent>(t, {
      type: entityRef(model),
      nullable: false,
      description: `New and changed ${resource.typeName} objects of a space that match the filter, from the moment of subscribing, oldest first.`,
      args: {
        space: dynamicArg(t.arg, {
          type: 'ID',
          required: true,
          description: 'A REST space id or a Space global ID.',
        }),
        filter: dynamicArg(t.arg, { type: filterRef(model), description: 'Only objects matching it.' }),
      },
      subscribe: (_root, args, ctx, info) =>
        subscribeCollection(
          ctx,
          info,
          model,
          String(args.space),
          (args.filter ? cleanFilter(args.filter) : undefined) as Filter | undefined,
        ),
      resolve: (event, args, ctx) => eventEntity(ctx, event, model, readSpace(String(args.space))),
    });
  }
  return fields;
});
