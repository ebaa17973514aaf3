// Every write operation of openapi.json is a mutation of the built schema, shaped as the write path
// promises: `name(input: <Name>Input!): <Name>Result!`, the result a union of `<Name>Payload` and every
// error type, each error type a MutationError. The expected operations come from openapi.json itself
// (not from the catalog's mutation list), so an operation the catalog forgets fails here.
import { readFileSync } from 'node:fs';
import { GraphQLInterfaceType, GraphQLObjectType, GraphQLUnionType, isNonNullType, type GraphQLField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mutationNameOverrides } from '../../src/catalog/annotations';
import { schema } from '../../src/schema';

interface OpenApi {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const HTTP_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** POST operations that only read: the graph exposes them as query fields. */
const READS_SENT_AS_POST = new Set(['lookupIban']);

const ERROR_TYPES = [
  'ValidationError',
  'VersionConflictError',
  'NotFoundError',
  'StateTransitionError',
  'ForbiddenError',
  'BulkLimitError',
  'RateLimitedError',
  'UpstreamError',
  'IdempotencyKeyReusedError',
  'IdempotencyKeyBusyError',
  'IdempotencyUnavailableError',
  'OutcomeUnknownError',
];

/** The names issue 9 fixes; each must exist exactly so. */
const NAMED_BY_THE_ISSUE = [
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'createCustomers',
  'updateCustomers',
  'deleteCustomers',
  'createTransaction',
  'updateTransaction',
  'confirmTransaction',
  'processTransactionCardDetails',
  'completeTransactionOnline',
  'completeTransactionPartiallyOnline',
  'voidTransactionOnline',
  'createRefund',
  'markTransactionInvoicePaid',
  'suspendSubscription',
  'terminateSubscription',
  'mergeCustomers',
  'pinCustomerComment',
];

const openApi = JSON.parse(readFileSync(new URL('../../src/rest/openapi.json', import.meta.url), 'utf8')) as OpenApi;

const writeOperations: string[] = Object.values(openApi.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method, op]) => HTTP_METHODS.has(method) && op.operationId !== undefined && !READS_SENT_AS_POST.has(op.operationId))
    .map(([, op]) => op.operationId!),
);

const mutationType = schema.getMutationType();
const mutationFields = mutationType?.getFields() ?? {};
const upperFirst = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The mutation name of an operation: the curated name where there is one, else the operation id. */
const mutationNameOf = (operationId: string): string => mutationNameOverrides[operationId] ?? operationId;

function checkShape(field: GraphQLField<unknown, unknown>): void {
  const Name = upperFirst(field.name);
  expect(field.args.map((a) => a.name)).toEqual(['input']);
  expect(String(field.args[0].type)).toBe(`${Name}Input!`);
  expect(String(field.type)).toBe(`${Name}Result!`);
  const result = schema.getType(`${Name}Result`);
  expect(result).toBeInstanceOf(GraphQLUnionType);
  const members = (result as GraphQLUnionType).getTypes().map((t) => t.name);
  expect(members.sort()).toEqual([`${Name}Payload`, ...ERROR_TYPES].sort());
  expect(isNonNullType(field.type)).toBe(true);
}

describe('every write operation of openapi.json is a mutation', () => {
  it('finds the write operations in openapi.json', () => {
    // About 110 writes: a parse that found none would make every check below vacuous.
    expect(writeOperations.length).toBeGreaterThan(100);
    expect(new Set(writeOperations).size).toBe(writeOperations.length);
  });

  it('has a Mutation field for each of them', () => {
    const missing = writeOperations.filter((id) => !mutationFields[mutationNameOf(id)]);
    expect(missing).toEqual([]);
    expect(Object.keys(mutationFields).length).toBe(writeOperations.length);
  });

  it.each(writeOperations.map((id) => [mutationNameOf(id), id]))('%s (%s) takes input: <Name>Input! and answers <Name>Result!', (name) => {
    checkShape(mutationFields[name]);
  });

  it('keeps the names the issue gives exactly', () => {
    expect(NAMED_BY_THE_ISSUE.filter((name) => !mutationFields[name])).toEqual([]);
  });

  it('makes every error type a MutationError with code and message', () => {
    const iface = schema.getType('MutationError');
    expect(iface).toBeInstanceOf(GraphQLInterfaceType);
    expect(Object.keys((iface as GraphQLInterfaceType).getFields()).sort()).toEqual(['code', 'message']);
    for (const name of ERROR_TYPES) {
      const type = schema.getType(name);
      expect(type, name).toBeInstanceOf(GraphQLObjectType);
      expect((type as GraphQLObjectType).getInterfaces().map((i) => i.name)).toContain('MutationError');
      const fields = (type as GraphQLObjectType).getFields();
      expect(String(fields.code.type), `${name}.code`).toBe('String!');
      expect(String(fields.message.type), `${name}.message`).toBe('String!');
    }
    const implementations = schema.getPossibleTypes(iface as GraphQLInterfaceType).map((t) => t.name);
    expect(implementations.sort()).toEqual([...ERROR_TYPES].sort());
  });
});
