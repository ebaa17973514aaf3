// Space.transactionExport: the CSV export of transactions (GET /payment/transactions/export), as the
// CSV text and as rows parsed with csv-parse (one JSON object per line, keyed by the header).
import { parse } from 'csv-parse/sync';
import { callExtra } from '../../resolvers';
import type { Entity } from '../../resolvers/entity';
import { builder } from '../builder';
import { badUserInput, dynamicArg, dynamicField } from '../dynamic';
import { entityRef } from '../registry';
import { spaceIdOf } from '../space';
import { queryFrom } from './results';

interface TransactionExport {
  csv: string;
}

const exportRef = builder.objectRef<TransactionExport>('TransactionExport').implement({
  description: 'A CSV export of transactions.',
  fields: (t) => ({
    csv: t.string({ nullable: false, description: 'The CSV text as returned.', resolve: (e) => e.csv }),
    rows: t.field({
      type: ['JSONObject'],
      nullable: false,
      description: 'The CSV parsed: one object per line, keyed by the header row.',
      resolve: (e) => parseRows(e.csv),
    }),
  }),
});

/** Parses the export; a malformed CSV is an upstream problem, reported as such. */
export function parseRows(csv: string): Record<string, string>[] {
  if (csv.trim() === '') return [];
  return parse<Record<string, string>>(csv, { columns: true, skip_empty_lines: true, bom: true });
}

builder.objectFields(entityRef('Space'), (t) => ({
  transactionExport: dynamicField<Entity>(t, {
    type: exportRef,
    args: {
      fields: dynamicArg(t.arg, { type: 'String', list: true, description: 'REST field names of the columns.' }),
      query: dynamicArg(t.arg, { type: 'String', description: 'Search query (REST search syntax).' }),
      order: dynamicArg(t.arg, { type: 'String', description: 'Sort order (REST sort syntax, e.g. `createdOn:DESC`).' }),
      limit: dynamicArg(t.arg, { type: 'Int', description: 'Rows to export (default 2,000).' }),
      offset: dynamicArg(t.arg, { type: 'Int', description: 'Rows to skip (at most 100,000).' }),
    },
    description: 'Transactions of this space as CSV (REST GET /payment/transactions/export).',
    complexity: 50,
    remote: true,
    keyOnly: true,
    resolve: async (space, args, ctx) => {
      if (typeof args.limit === 'number' && args.limit < 1) throw badUserInput('`limit` must be at least 1');
      if (typeof args.offset === 'number' && args.offset < 0) throw badUserInput('`offset` must not be negative');
      const csv = await callExtra(ctx, 'exportTransactions', { space: spaceIdOf(space), query: queryFrom(args) });
      if (typeof csv !== 'string') throw new Error('the export did not return CSV text');
      return { csv };
    },
  }),
}));
