// Subscription.invoices: a connection over GET /subscriptions/{id}/invoices, a search operation paged
// by offset. Cursors are the offset of the row (opaque to clients), so forward and backward paging
// both work; the typed filter is translated by the resolvers' translator.
import { operation } from '../../catalog';
import { callExtra, connectionOf, noCursor, translateFilter, type Connection } from '../../resolvers';
import { entityMeta, type Entity } from '../../resolvers/entity';
import { builder } from '../builder';
import {
  collectionArgs,
  connectionComplexity,
  connectionRef,
  toCollectionArgs,
  type CollectionArgs,
} from '../connections';
import { badUserInput, dynamicField } from '../dynamic';
import { entityRef } from '../registry';
import { resultShape, toResult } from './results';

const MODEL = 'TransactionInvoice';
const PAGE = 10;
const MAX_OFFSET = 10_000;

export function offsetCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

export function cursorOffset(cursor: string, name: string): number {
  const match = /^offset:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badUserInput(`\`${name}\` is not a cursor of this connection`);
  return Number(match[1]);
}

/** The window [offset, offset + limit) a page request asks for. */
export function window(args: CollectionArgs): { offset: number; limit: number } {
  if (args.last !== undefined || args.before !== undefined) {
    if (args.before === undefined)
      throw badUserInput('`last` needs `before` here: the end of this list is unknown');
    const end = cursorOffset(args.before, 'before');
    const limit = Math.min(args.last ?? PAGE, end);
    return { offset: end - limit, limit };
  }
  const offset = args.after !== undefined ? cursorOffset(args.after, 'after') + 1 : 0;
  return { offset, limit: args.first ?? PAGE };
}

function restQuery(args: CollectionArgs): string | undefined {
  const parts = [translateFilter(args.filter, MODEL), args.query ?? ''].filter((p) => p.trim() !== '');
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : parts.map((p) => `(${p})`).join(' AND ');
}

async function invoices(
  parent: Entity,
  args: CollectionArgs,
  ctx: Parameters<typeof callExtra>[0],
): Promise<Connection> {
  const { offset, limit } = window(args);
  if (offset > MAX_OFFSET) throw badUserInput(`cannot page past offset ${MAX_OFFSET} here; narrow the query`);
  const space = entityMeta(parent).space;
  const op = operation('searchSubscriptionInvoices');
  const query: Record<string, unknown> = { offset, limit };
  const q = restQuery(args);
  if (q) query.query = q;
  if (args.orderBy?.length) query.order = args.orderBy.map((o) => `${o.field}:${o.direction}`).join(' ');
  if (limit === 0) return connectionOf([], noCursor, true, false);
  const body = await callExtra(ctx, op.operationId, { space, path: { id: parent.id }, query });
  const rows = (toResult(body, resultShape(op), space) as Entity[] | null) ?? [];
  const page = rows.slice(0, limit);
  const hasMore = (body as { hasMore?: unknown } | null)?.hasMore === true;
  return connectionOf(page, (i) => offsetCursor(offset + i), hasMore, offset > 0);
}

builder.objectFields(entityRef('Subscription'), (t) => ({
  invoices: dynamicField<Entity>(t, {
    type: connectionRef(MODEL),
    args: collectionArgs(t, MODEL),
    description: 'Invoices of this subscription (REST GET /subscriptions/{id}/invoices).',
    complexity: connectionComplexity,
    remote: true,
    keyOnly: true,
    resolve: (parent, args, ctx) => invoices(parent, toCollectionArgs(args), ctx),
  }),
}));
