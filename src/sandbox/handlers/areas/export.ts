// GET /payment/transactions/export: CSV.
import { exportTransactionsCsv } from '../../documents/csv-export';
import { defineHandlers } from '../registry';
import { spaceOf } from './support';

defineHandlers({
  exportTransactions: (req, sandbox) => ({
    status: 200,
    body: exportTransactionsCsv(sandbox.store, spaceOf(req), req.query),
    contentType: 'text/csv; charset=utf-8',
  }),
});
