// Customer operations beyond the standard ones: merge, bulk create/update/delete, email addresses,
// default address.
import { noContent, ok } from '../../context';
import { badRequest } from '../../errors';
import {
  bulkCreate,
  bulkDelete,
  bulkUpdate,
  emailAddresses,
  mergeCustomers,
  setDefaultAddress,
} from '../../lifecycle/customers';
import { defineHandlers } from '../registry';
import { idParam, rendered, spaceOf } from './support';
import type { HandlerRequest } from '../../context';

function arrayBody<T>(req: HandlerRequest): T[] {
  if (!Array.isArray(req.body))
    throw badRequest('The request body must be a JSON array.', { '(body)': 'must be an array' });
  return req.body as T[];
}

defineHandlers({
  mergeCustomers: (req, sandbox) => {
    const merged = mergeCustomers(sandbox.store, spaceOf(req), idParam(req), idParam(req, 'other'));
    return rendered(sandbox, req, 'Customer', merged);
  },

  createCustomersBulk: (req, sandbox) =>
    ok(bulkCreate(sandbox.store, spaceOf(req), arrayBody(req), sandbox.settings.bulkMaxItems, sandbox.now())),

  updateCustomersBulk: (req, sandbox) =>
    ok(bulkUpdate(sandbox.store, spaceOf(req), arrayBody(req), sandbox.settings.bulkMaxItems)),

  deleteCustomersBulk: (req, sandbox) =>
    ok(bulkDelete(sandbox.store, spaceOf(req), arrayBody<number>(req), sandbox.settings.bulkMaxItems)),

  listCustomerEmailAddresses: (req, sandbox) => {
    const data = emailAddresses(sandbox.store, spaceOf(req), idParam(req));
    return ok({ data, hasMore: false, limit: data.length });
  },

  setDefaultCustomerAddress: (req, sandbox) => {
    setDefaultAddress(sandbox.store, spaceOf(req), idParam(req, 'customerId'), idParam(req));
    return noContent();
  },
});
