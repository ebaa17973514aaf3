// The calls of a caller limited to some spaces that no `space` header scopes, held to their rule
// (account-rules). Every refusal is made before the call, so it costs no REST call beyond the lookup
// of the caller's own accounts (owned-accounts, kept a minute).
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { resourceByModel, resourceByOperationId, type Operation } from '../../catalog';
import { group, keysQuery, type InboundCaller, type Scope } from '../../resolvers';
import { RestHttpError } from '../../rest/errors';
import type { CallOptions, RestCaller } from '../../rest/types';
import { accountLevelRule, type AccountLevelRule } from './account-rules';
import type { OwnedAccounts } from './owned-accounts';

const ACCOUNT = 'Account';

/** The scope that lets a caller limited to some spaces change the accounts owning them. */
export const ACCOUNT_SCOPE: Scope = 'account';

export interface AccountGuard {
  caller: InboundCaller;
  /** The request's REST caller (lookups are counted like any call). */
  rest: RestCaller;
  owned: OwnedAccounts;
}

/** What the REST API answers for an object that does not exist. */
export function notFound(op: Operation, what: string): RestHttpError {
  return new RestHttpError(
    { operationId: op.operationId, method: op.method, path: op.path, attempts: 0 },
    404,
    {
      id: randomUUID(),
      date: new Date().toISOString(),
      code: 'NOT_FOUND',
      message: `${what} does not exist.`,
      errors: {},
    },
  );
}

function forbidden(op: Operation, why: string): GraphQLError {
  return new GraphQLError(`${op.operationId}: ${why}`, { extensions: { code: 'FORBIDDEN' } });
}

function asId(value: unknown): number | null {
  const n =
    typeof value === 'object' && value !== null ? Number((value as { id?: unknown }).id) : Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether a caller may change accounts and spaces at all: every space, or the `account` scope. */
export function mayAdministerAccounts(caller: InboundCaller | undefined): boolean {
  return !caller || caller.spaces === 'all' || caller.scopes.has(ACCOUNT_SCOPE);
}

function expandOf(options: CallOptions | undefined): string {
  const expand = (options?.query as { expand?: unknown } | undefined)?.expand;
  return Array.isArray(expand) ? expand.join(',') : typeof expand === 'string' ? expand : '';
}

/**
 * An expanded Account not in `owned` becomes its id, at any depth of `value` (an object of `model`,
 * or a list of them); the read path then looks it up, and that lookup is held to the rule.
 */
function collapseForeignAccounts(value: unknown, model: string, owned: ReadonlySet<number>): unknown {
  if (Array.isArray(value)) return value.map((row) => collapseForeignAccounts(row, model, owned));
  if (typeof value !== 'object' || value === null) return value;
  const row = value as Record<string, unknown>;
  if (model === ACCOUNT && Object.keys(row).length > 1 && !owned.has(asId(row) ?? -1)) return { id: row.id };
  const links = resourceByModel.get(model)?.links ?? [];
  let copy: Record<string, unknown> | null = null;
  for (const link of links) {
    const linked = row[link.field];
    if (typeof linked !== 'object' || linked === null) continue;
    const kept = collapseForeignAccounts(linked, link.model, owned);
    if (kept !== linked) (copy ??= { ...row })[link.field] = kept;
  }
  return copy ?? row;
}

/** Leaves out of an Account list or search the accounts not in `owned`. */
function ownedRows(body: unknown, owned: ReadonlySet<number>): unknown {
  const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(rows)) return body;
  const kept = rows.filter((row) => owned.has(asId(row) ?? -1));
  return Array.isArray(body) ? kept : { ...(body as object), data: kept };
}

/** The account a change acts on: the path's account, the new space's account, the new account's parent. */
function targetAccount(op: Operation, options: CallOptions | undefined): number | null | undefined {
  const model = resourceByOperationId.get(op.operationId)?.model;
  const body = options?.body as Record<string, unknown> | undefined;
  if (model === ACCOUNT) {
    const id = (options?.path as Record<string, unknown> | undefined)?.id;
    if (id !== undefined) return asId(id);
    return body?.parentAccount === undefined || body.parentAccount === null ? null : asId(body.parentAccount);
  }
  // Space paths were checked against the caller's spaces already; a new space names its account.
  if (op.method === 'POST')
    return body?.account === undefined || body.account === null ? null : asId(body.account);
  return undefined;
}

/** Changes of accounts and spaces need the `account` scope and an owned target. */
async function administer<T>(
  g: AccountGuard,
  op: Operation,
  options: CallOptions | undefined,
  send: (options?: CallOptions) => Promise<T>,
): Promise<T> {
  if (!mayAdministerAccounts(g.caller))
    throw forbidden(
      op,
      'changing accounts and spaces needs a caller with every space, or the `account` scope',
    );
  const target = targetAccount(op, options);
  if (target === null)
    throw forbidden(op, 'an account of no parent account can be made only by a caller with every space');
  if (target !== undefined && !(await ownedBy(g)).has(target)) throw notFound(op, `Account ${target}`);
  return hideForeignExpansions(g, op, options, await send(options));
}

function ownedBy(g: AccountGuard): Promise<ReadonlySet<number>> {
  return g.owned.of(g.caller.spaces as ReadonlySet<number>, g.rest);
}

/** `body` with its rows (a list, a page's `data`, or the one object) replaced by `map` of them. */
function withRows(body: unknown, map: (rows: unknown) => unknown): unknown {
  if (Array.isArray(body)) return map(body);
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) return { ...(body as object), data: map(data) };
  return map(body);
}

/**
 * A space's own account is the caller's (its space is), but an account expanded past it (a parent
 * account) may not be: one not owned is collapsed to its id. Only an expand reaching a parent account
 * needs the lookup.
 */
async function hideForeignExpansions<T>(
  g: AccountGuard,
  op: Operation,
  options: CallOptions | undefined,
  body: T,
): Promise<T> {
  if (!expandOf(options).includes('parentAccount')) return body;
  const model = resourceByOperationId.get(op.operationId)?.model ?? ACCOUNT;
  const owned = await ownedBy(g);
  return withRows(body, (rows) => collapseForeignAccounts(rows, model, owned)) as T;
}

/** The ids of a query that only names accounts by id (`id:1 OR id:2`, as the loaders ask), else null. */
function idsOnly(query: string): number[] | null {
  const parts = query.replace(/^\((.*)\)$/, '$1').split(' OR ');
  const ids = parts.map((part) => /^id:(\d{1,15})$/.exec(part)?.[1]);
  return ids.every((id) => id !== undefined) ? ids.map(Number) : null;
}

/**
 * A search of accounts asks REST only about owned ones: a lookup by ids keeps the owned ids (none:
 * an empty page, unsent), any other query is joined with them by AND.
 */
function ownedSearch(options: CallOptions | undefined, owned: ReadonlySet<number>): CallOptions | null {
  const query = options?.query ?? {};
  const given = typeof query.query === 'string' && query.query.trim() !== '' ? query.query : '';
  const ids = given ? idsOnly(given) : null;
  const allowed = (ids ?? [...owned]).filter((id) => owned.has(id)).map(String);
  if (allowed.length === 0) return null;
  const mine = keysQuery('id', true, allowed);
  return {
    ...options,
    query: { ...query, query: ids || !given ? mine : group([mine, `(${given})`], 'AND') },
  };
}

/**
 * Accounts answer only the accounts owning one of the caller's spaces: others as missing, left out of
 * lists, and an expanded account of another kind (such as a parent account) collapsed to its id.
 */
async function readAccounts<T>(
  g: AccountGuard,
  op: Operation,
  options: CallOptions | undefined,
  send: (options?: CallOptions) => Promise<T>,
): Promise<T> {
  const owned = await ownedBy(g);
  const id = (options?.path as Record<string, unknown> | undefined)?.id;
  if (id !== undefined && !owned.has(asId(id) ?? -1)) throw notFound(op, `Account ${String(id)}`);
  let sent = options;
  if (op.path.endsWith('/search')) {
    const restricted = ownedSearch(options, owned);
    if (!restricted) return { data: [], hasMore: false, offset: 0, limit: 0 } as T;
    sent = restricted;
  } else if (id === undefined && owned.size === 0) return { data: [], hasMore: false } as T;
  return withRows(ownedRows(await send(sent), owned), (rows) =>
    collapseForeignAccounts(rows, ACCOUNT, owned),
  ) as T;
}

/**
 * Runs `send` (the call) for a caller limited to some spaces as the operation's rule allows, or throws
 * the refusal. `filterSpaces` leaves out of a Space listing the spaces the caller may not use.
 */
export async function guardAccountLevel<T>(
  g: AccountGuard,
  op: Operation,
  options: CallOptions | undefined,
  send: (options?: CallOptions) => Promise<T>,
  filterSpaces: (body: T) => T,
): Promise<T> {
  const rule: AccountLevelRule | undefined = accountLevelRule(op);
  switch (rule) {
    /** Reference data passes. */
    case 'shared':
      return send(options);
    case 'own-spaces':
      return hideForeignExpansions(g, op, options, filterSpaces(await send(options)));
    case 'own-accounts':
      return readAccounts(g, op, options, send);
    case 'account-admin':
      return administer(g, op, options, send);
    case undefined:
      throw forbidden(
        op,
        'paygraph has no access rule for this operation, so only a caller with every space may use it',
      );
  }
}
