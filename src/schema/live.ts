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
import { cleanFilter, filterRef } from './filters';
import { plural } from './naming';
import { entityRef } from './registry';

builder.subscriptionType({
  description:
    'Live updates: paygraph watches the REST API (one search per space and model per tick, whatever the number of subscribers).',
});

type AnyFieldBuilder = { field: (options: never) => unknown; arg: (options: never) => unknown };

builder.subscriptionFields((t) => {
  const f = t as unknown as AnyFieldBuilder;
  const fields: Record<string, unknown> = {
    entityChanged: f.field({
      type: builder.nodeInterfaceRef(),
      nullable: false,
      description:
        'The object as it is now, then again each time its version or state changes. With `untilFinal`, the stream ends once the object reaches a final state.',
      args: {
        id: f.arg({
          type: 'ID',
          required: true,
          description: 'The global ID of the object to follow.',
        } as never),
        untilFinal: f.arg({
          type: 'Boolean',
          defaultValue: false,
          description: 'End the stream at a final state (e.g. FULFILL, FAILED).',
        } as never),
      },
      subscribe: (_root: unknown, args: { id: string; untilFinal?: boolean }, ctx: never, info: never) =>
        subscribeEntity(ctx, info, args.id, args.untilFinal === true),
      resolve: (event: LiveEvent, args: { id: string }, ctx: never) => {
        const { model, space } = targetOf(args.id);
        return eventEntity(ctx, event, model, space);
      },
    } as never),
  };
  for (const model of liveCollections) {
    const resource = resourceOf(model);
    fields[`${plural(resource.fieldName)}Changed`] = f.field({
      type: entityRef(model),
      nullable: false,
      description: `New and changed ${resource.typeName} objects of a space that match the filter, from the moment of subscribing, oldest first.`,
      args: {
        space: f.arg({
          type: 'ID',
          required: true,
          description: 'A REST space id or a Space global ID.',
        } as never),
        filter: f.arg({ type: filterRef(model), description: 'Only objects matching it.' } as never),
      },
      subscribe: (_root: unknown, args: { space: string; filter?: unknown }, ctx: never, info: never) =>
        subscribeCollection(
          ctx,
          info,
          model,
          String(args.space),
          (args.filter ? cleanFilter(args.filter) : undefined) as Filter | undefined,
        ),
      resolve: (event: LiveEvent, args: { space: string }, ctx: never) =>
        eventEntity(ctx, event, model, readSpace(String(args.space))),
    } as never);
  }
  return fields as never;
});
