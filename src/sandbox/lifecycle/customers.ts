// Customer actions beyond the standard operations: merge, bulk create/update/delete (all or
// nothing), email addresses, default address.
import { code as currencyByCode } from 'currency-codes';
import { ApiError, unprocessable } from '../errors';
import { createObject, loadObject, removeObject } from '../objects';
import type { Store, StoredObject } from '../store';
import { checkMetadata } from '../handlers/metadata';

const CUSTOMER_FIELDS = [
  'metaData',
  'emailAddress',
  'familyName',
  'givenName',
  'preferredCurrency',
  'customerId',
  'language',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** Field problems of one customer body, keyed by field name (empty when it is fine). */
function customerProblems(item: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (typeof item.emailAddress === 'string' && !EMAIL.test(item.emailAddress))
    problems.emailAddress = 'is not an email address';
  if (typeof item.preferredCurrency === 'string' && !currencyByCode(item.preferredCurrency)) {
    problems.preferredCurrency = 'is not an ISO 4217 currency code';
  }
  if (typeof item.language === 'string' && !LANGUAGE.test(item.language))
    problems.language = 'is not a language code such as en-US';
  try {
    checkMetadata(item);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(problems, error.errors);
  }
  return problems;
}

function customerFields(item: Record<string, unknown>) {
  return Object.fromEntries(CUSTOMER_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
}

/** Collects item problems as `[index].field`; throws one error naming them all when there are any. */
function refuseIfAny(problems: Record<string, string>, status: number, what: string): void {
  const count = Object.keys(problems).length;
  if (count === 0) return;
  throw new ApiError(
    status,
    `${what}: nothing was written. ${Object.entries(problems)
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}.`,
    problems,
  );
}

function checkBulkSize(items: unknown[], max: number): void {
  if (items.length > max) {
    throw new ApiError(
      413,
      `The bulk request carries ${items.length} items; at most ${max} are allowed per request.`,
      {
        '(body)': `more than ${max} items`,
      },
    );
  }
  if (items.length === 0) throw unprocessable('The bulk request carries no items.', { '(body)': 'empty' });
}

export interface BulkResult {
  id: number;
  statusCode: number;
  link?: string;
}

const linkOf = (id: number) => `/api/v2.0/customers/${id}`;

/** Creates every customer or none: all items are checked first. */
export function bulkCreate(
  store: Store,
  space: number,
  items: Record<string, unknown>[],
  max: number,
  now: Date,
): BulkResult[] {
  checkBulkSize(items, max);
  const problems: Record<string, string> = {};
  items.forEach((item, i) => {
    for (const [field, problem] of Object.entries(customerProblems(item)))
      problems[`[${i}].${field}`] = problem;
  });
  refuseIfAny(problems, 422, 'Some customers are invalid');
  return items.map((item) => {
    const customer = createObject(store, 'Customer', space, customerFields(item), now);
    return { id: customer.id, statusCode: 200, link: linkOf(customer.id) };
  });
}

/** Items must name distinct customer ids. */
function duplicates(ids: unknown[]): Record<string, string> {
  const seen = new Set<unknown>();
  const problems: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (seen.has(id)) problems[`[${i}].id`] = `repeats customer ${String(id)}`;
    seen.add(id);
  });
  return problems;
}

/**
 * Updates every customer or none. Each item carries the customer `id` and its current `version`.
 * Refusal status: 404 when a customer is missing, else 409 on a version problem, else 422.
 */
export function bulkUpdate(
  store: Store,
  space: number,
  items: Record<string, unknown>[],
  max: number,
): BulkResult[] {
  checkBulkSize(items, max);
  const byStatus: Record<number, Record<string, string>> = {
    404: {},
    409: {},
    422: duplicates(items.map((i) => i.id)),
  };
  items.forEach((item, i) => {
    const current = typeof item.id === 'number' ? store.get('Customer', item.id, space) : undefined;
    if (typeof item.id !== 'number')
      byStatus[422][`[${i}].id`] = 'is required (the id of the customer to update)';
    else if (!current) byStatus[404][`[${i}].id`] = `customer ${item.id} does not exist`;
    else if (item.version === undefined)
      byStatus[409][`[${i}].version`] = `is required; current version is ${String(current.version)}`;
    else if (item.version !== current.version)
      byStatus[409][`[${i}].version`] =
        `is ${String(item.version)}; current version is ${String(current.version)}`;
    for (const [field, problem] of Object.entries(customerProblems(item)))
      byStatus[422][`[${i}].${field}`] = problem;
  });
  const status = [404, 409, 422].find((s) => Object.keys(byStatus[s]).length > 0);
  if (status !== undefined) {
    refuseIfAny(
      { ...byStatus[404], ...byStatus[409], ...byStatus[422] },
      status,
      'Some customers cannot be updated',
    );
  }
  return items.map((item) => {
    const id = Number(item.id);
    store.update('Customer', id, space, (c) => ({ ...c, ...customerFields(item) }), {
      expectedVersion: item.version,
    });
    return { id, statusCode: 200, link: linkOf(id) };
  });
}

/** Deletes every customer or none (with their addresses and comments). */
export function bulkDelete(store: Store, space: number, ids: number[], max: number): BulkResult[] {
  checkBulkSize(ids, max);
  const problems = duplicates(ids);
  const missing: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!store.get('Customer', id, space)) missing[`[${i}]`] = `customer ${id} does not exist`;
  });
  refuseIfAny(
    { ...missing, ...problems },
    Object.keys(missing).length ? 404 : 422,
    'Some customers cannot be deleted',
  );
  return ids.map((id) => {
    removeObject(store, 'Customer', id, space);
    return { id, statusCode: 204 };
  });
}

const addressesOf = (store: Store, space: number, customerId: number) =>
  store.where('CustomerAddress', 'customer', customerId, space);

function bump(store: Store, model: string, space: number, object: StoredObject, fields: StoredObject): void {
  store.update(model, Number(object.id), space, (o) => ({
    ...o,
    ...fields,
    version: Number(o.version ?? 0) + 1,
  }));
}

/**
 * Merges `otherId` into `id`: the other customer's addresses and comments move to it, transactions
 * carrying the other's `customerId` are re-labelled with this one's, empty fields of this customer are
 * filled from the other's, and the other customer is deleted. Returns the merged customer.
 */
export function mergeCustomers(store: Store, space: number, id: number, otherId: number) {
  if (id === otherId) throw unprocessable('A customer cannot be merged with itself.', { other: 'equals id' });
  const customer = loadObject(store, 'Customer', id, space);
  const other = loadObject(store, 'Customer', otherId, space);
  const hasDefault = addressesOf(store, space, id).some((a) => a.defaultAddress === true);
  for (const address of addressesOf(store, space, otherId)) {
    bump(store, 'CustomerAddress', space, address, {
      customer: id,
      ...(hasDefault ? { defaultAddress: false } : {}),
    });
  }
  for (const comment of store.where('CustomerComment', 'customer', otherId, space)) {
    bump(store, 'CustomerComment', space, comment, { customer: id });
  }
  if (typeof other.customerId === 'string' && other.customerId !== '') {
    const target = customer.customerId ?? String(id);
    for (const transaction of store.where('Transaction', 'customerId', other.customerId, space)) {
      bump(store, 'Transaction', space, transaction, { customerId: target });
    }
  }
  const filled = Object.fromEntries(
    CUSTOMER_FIELDS.filter((f) => customer[f] === undefined && other[f] !== undefined).map((f) => [
      f,
      other[f],
    ]),
  );
  store.remove('Customer', otherId, space);
  bump(store, 'Customer', space, customer, filled);
  return loadObject(store, 'Customer', id, space);
}

/** The distinct email addresses known for a customer: its own, then those of its addresses. */
export function emailAddresses(
  store: Store,
  space: number,
  id: number,
): { emailAddress: string; createdOn: string }[] {
  const customer = loadObject(store, 'Customer', id, space);
  const found = new Map<string, string>();
  if (typeof customer.emailAddress === 'string') found.set(customer.emailAddress, String(customer.createdOn));
  for (const address of addressesOf(store, space, id)) {
    const email = address.address?.emailAddress;
    if (email && !found.has(email)) found.set(email, String(address.createdOn));
  }
  return [...found].map(([emailAddress, createdOn]) => ({ emailAddress, createdOn }));
}

/** Makes one address of the customer its default and clears the flag on the others. */
export function setDefaultAddress(store: Store, space: number, customerId: number, addressId: number): void {
  loadObject(store, 'Customer', customerId, space);
  const address = loadObject(store, 'CustomerAddress', addressId, space);
  if (address.customer !== customerId) {
    throw new ApiError(404, `CustomerAddress ${addressId} does not belong to Customer ${customerId}.`);
  }
  for (const other of addressesOf(store, space, customerId)) {
    const wanted = other.id === addressId;
    if ((other.defaultAddress === true) !== wanted)
      bump(store, 'CustomerAddress', space, other, { defaultAddress: wanted });
  }
}
