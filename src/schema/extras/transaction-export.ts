// Space.transactionExport: the CSV export of transactions (GET /payment/transactions/export), taking
// the typed filter and orderBy of transactions (or the raw REST forms), as the CSV text, as rows parsed
// with csv-parse (one JSON object per line, keyed by the header) and as typed records. The body is
// read as it arrives: `rows` and `records` are parsed chunk by chunk and can be asked with @stream,
// so the first records go out while the export is still downloading.
import { pipeline, Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { getDirectiveValues, type GraphQLResolveInfo } from 'graphql';
import { searchParams, streamExtra, type SearchArgs, type SharedBody } from '../../resolvers';
import type { Entity } from '../../resolvers/entity';
import { builder } from '../builder';
import { streamDirective } from '../directives';
import { badUserInput, dynamicArg, dynamicField } from '../dynamic';
import { entityRef } from '../registry';
import { spaceIdOf } from '../space';
import { cleanFilter, filterRef } from '../filters';
import { orderRef } from '../order';
import { queryFrom } from './results';
import { exportColumnRef, exportRowRef } from './transaction-export-rows';

interface TransactionExport {
  body: SharedBody;
}

const exportRef = builder.objectRef<TransactionExport>('TransactionExport').implement({
  description: 'A CSV export of transactions.',
  fields: (t) => ({
    csv: t.string({
      nullable: false,
      description: 'The CSV text as returned.',
      resolve: (e) => collectText(e.body.subscribe()),
    }),
    rows: t.field({
      type: ['JSONObject'],
      nullable: false,
      description: 'The CSV parsed: one object per line, keyed by the header row.',
      resolve: (e, _args, _ctx, info) => listOf(parseStream(e.body.subscribe()), info),
    }),
    records: t.field({
      type: [exportRowRef],
      nullable: false,
      description: 'The CSV parsed into typed rows (the columns asked for; the others null).',
      resolve: (e, _args, _ctx, info) => listOf(parseStream(e.body.subscribe()), info),
    }),
  }),
});

const CSV_OPTIONS: Options = { columns: true, skip_empty_lines: true, bom: true };

/** Parses the export chunk by chunk; a malformed CSV is an upstream problem, reported as such. */
async function* parseStream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Record<string, string>> {
  // pipeline: leaving the loop early destroys the parser and ends the body (the REST call ends too).
  const parser = pipeline(Readable.from(chunks), parse(CSV_OPTIONS), () => undefined);
  for await (const row of parser) yield row as Record<string, string>;
}

async function collectText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  return Buffer.concat(await collect(chunks)).toString('utf8');
}

/**
 * With @stream (and its `if` not false) the items are answered as they are parsed (the executor of @defer/@stream completes
 * an async iterable); without it the whole list is wanted anyway, and an array also suits executors
 * that only complete arrays (graphql-js 16).
 */
function listOf<T>(items: AsyncIterable<T>, info: GraphQLResolveInfo): AsyncIterable<T> | Promise<T[]> {
  const streamed = info.fieldNodes.some((node) => {
    const stream = getDirectiveValues(streamDirective, node, info.variableValues);
    return stream !== undefined && stream.if !== false;
  });
  return streamed ? items : collect(items);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** REST parameters of the export from the field's arguments; typed and raw forms of one thing exclude each other. */
function exportQuery(args: Record<string, unknown>): Record<string, unknown> {
  const { columns, filter, orderBy, fields, query, order, ...rest } = args;
  if (columns && fields) throw badUserInput('pass either `columns` or `fields`, not both');
  if (orderBy && order) throw badUserInput('pass either `orderBy` or `order`, not both');
  const search = searchParams('Transaction', {
    filter: cleanFilter(filter) as SearchArgs['filter'],
    query: query as string | null,
    orderBy: orderBy as SearchArgs['orderBy'],
  });
  return queryFrom({ ...rest, fields: columns ?? fields, query: search.query, order: search.order ?? order });
}

builder.objectFields(entityRef('Space'), (t) => ({
  transactionExport: dynamicField<Entity>(t, {
    type: exportRef,
    args: {
      columns: dynamicArg(t.arg, {
        type: exportColumnRef,
        list: true,
        description: 'The columns, in order (default: the REST default set).',
      }),
      filter: dynamicArg(t.arg, {
        type: filterRef('Transaction'),
        description: 'Typed conditions, as on `transactions`.',
      }),
      orderBy: dynamicArg(t.arg, {
        type: orderRef('Transaction'),
        list: true,
        description: 'Sort keys, most significant first.',
      }),
      fields: dynamicArg(t.arg, {
        type: 'String',
        list: true,
        description: 'REST field names of the columns (dotted names too); or `columns`.',
      }),
      query: dynamicArg(t.arg, {
        type: 'String',
        description: 'A raw query in the REST search syntax, combined with `filter` by AND.',
      }),
      order: dynamicArg(t.arg, {
        type: 'String',
        description: 'Sort order in the REST sort syntax (`createdOn:DESC`); or `orderBy`.',
      }),
      limit: dynamicArg(t.arg, { type: 'Int', description: 'Rows to export (default 2,000).' }),
      offset: dynamicArg(t.arg, { type: 'Int', description: 'Rows to skip (at most 100,000).' }),
    },
    description: 'Transactions of this space as CSV (REST GET /payment/transactions/export).',
    complexity: 50,
    remote: true,
    keyOnly: true,
    resolve: async (space, args, ctx) => {
      if (typeof args.limit === 'number' && args.limit < 1) throw badUserInput('`limit` must be at least 1');
      if (typeof args.offset === 'number' && args.offset < 0)
        throw badUserInput('`offset` must not be negative');
      return {
        body: await streamExtra(ctx, 'exportTransactions', {
          space: spaceIdOf(space),
          query: exportQuery(args),
        }),
      };
    },
  }),
}));
