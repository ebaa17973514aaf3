// CSV exports (the operations answering text/csv with a `limit` of rows, e.g. exportTransactions)
// are one REST call that can carry any number of rows: a request asks for at most
// PAYGRAPH_MAX_EXPORT_ROWS (more is refused unsent with BAD_USER_INPUT; without a `limit`, REST's
// default is held to it too), and an export costs a call per page of 100 rows, in the estimate and
// in the caller's rate limit, like the searches that would read as many rows.
import { GraphQLError } from 'graphql';
import { operationsById, type Operation } from '../../catalog';
import { SEARCH_BATCH } from '../../resolvers';
import { sendOn, untypedOptions } from '../../rest/call-layer';
import type { CallOptions, OperationId, RestCaller, ResultOf } from '../../rest/types';

/** The graph fields that export, by `Type.field`, and their operation (the export extras of the schema). */
export const EXPORT_FIELDS: ReadonlyMap<string, string> = new Map([
  ['Space.transactionExport', 'exportTransactions'],
]);

/** The rows REST exports without a `limit`, for an export operation; undefined for any other. */
export function defaultExportRows(op: Operation | undefined): number | undefined {
  if (!op?.responseContentTypes.includes('text/csv')) return undefined;
  const limit = op.queryParams.find((p) => p.name === 'limit');
  return typeof limit?.schema.default === 'number' ? limit.schema.default : undefined;
}

/** The pages (of 100 rows) an export of `rows` costs. */
export function exportPages(rows: number): number {
  return Math.max(1, Math.ceil(rows / SEARCH_BATCH));
}

/** The rows an export call will carry: the `limit` asked (or REST's default), at most `maxRows`. */
export function exportRows(asked: unknown, defaultRows: number, maxRows: number): number {
  const n = typeof asked === 'number' || typeof asked === 'bigint' ? Number(asked) : defaultRows;
  return Math.min(Math.max(1, n), maxRows);
}

function tooManyRows(op: Operation, asked: number, maxRows: number): GraphQLError {
  return new GraphQLError(
    `${op.operationId}: \`limit\` ${asked} asks for more rows than one export may have, ${maxRows} (PAYGRAPH_MAX_EXPORT_ROWS): export in parts with \`offset\``,
    { extensions: { code: 'BAD_USER_INPUT' } },
  );
}

/** `rest` with every export held to `maxRows`: a larger `limit` is refused unsent, a missing one set to it when REST's default is larger. */
export function capExportRows(rest: RestCaller, maxRows: number): RestCaller {
  return {
    call<Op extends OperationId>(operationId: Op, options?: CallOptions<Op>): Promise<ResultOf<Op>> {
      const op = operationsById.get(operationId);
      const defaultRows = defaultExportRows(op);
      if (defaultRows === undefined) return rest.call(operationId, options);
      const query = untypedOptions(options)?.query ?? {};
      const asked = query.limit === undefined || query.limit === null ? undefined : Number(query.limit);
      if (asked !== undefined && asked > maxRows) return Promise.reject(tooManyRows(op!, asked, maxRows));
      if (asked !== undefined || defaultRows <= maxRows) return rest.call(operationId, options);
      return sendOn(rest, operationId, { ...untypedOptions(options), query: { ...query, limit: maxRows } });
    },
  };
}

/** Rate-limit tokens an export call costs beyond its one call: a token per further page of its rows. */
export function extraExportTokens(
  maxRows: number,
): (operationId: string, options: CallOptions | undefined) => number {
  return (operationId, options) => {
    const defaultRows = defaultExportRows(operationsById.get(operationId));
    if (defaultRows === undefined) return 0;
    const query: Record<string, unknown> | undefined = options?.query;
    const asked = query?.limit;
    return exportPages(exportRows(asked, defaultRows, maxRows)) - 1;
  };
}
