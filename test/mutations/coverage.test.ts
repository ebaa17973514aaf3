// Every write operation of openapi.json is a mutation of the built schema, shaped as the write path
// promises: `name(input: <Name>Input!): <Name>Result!`, the result a union of `<Name>Payload` and the
// error types that mutation can answer, each a MutationError with a `MutationErrorCode`. The expected
// operations come from openapi.json itself (not from the catalog's mutation list), so an operation the
// catalog forgets fails here.
import { readFileSync } from 'node:fs';
import {
  GraphQLEnumType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLUnionType,
  isNonNullType,
  type GraphQLField,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { mutationSpecs, resourceOf, versionedModel } from '../../src/catalog';
import { mutationNameOverrides } from '../../src/catalog/annotations';
import { fitOutcome, fromStatus } from '../../src/resolvers/writes/errors';
import { schema } from '../../src/schema';

interface OpenApi {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const HTTP_METHODS = new Set(['post', 'put', 'patch', 'delete']);
/** POST operations that only read: the graph exposes them as query fields. */
const READS_SENT_AS_POST = new Set(['lookupIban']);

/** The error types; a version conflict is typed per entity (`CustomerVersionConflictError`). */
const ERROR_TYPES = [
  'ValidationError',
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
const isErrorType = (name: string) => ERROR_TYPES.includes(name) || name.endsWith('VersionConflictError');

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

const openApi = JSON.parse(
  readFileSync(new URL('../../src/rest/openapi.json', import.meta.url), 'utf8'),
) as OpenApi;

const writeOperations: string[] = Object.values(openApi.paths).flatMap((item) =>
  Object.entries(item)
    .filter(
      ([method, op]) =>
        HTTP_METHODS.has(method) && op.operationId !== undefined && !READS_SENT_AS_POST.has(op.operationId),
    )
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
  expect(members).toContain(`${Name}Payload`);
  // Every other member is an error type; every result can say the input was invalid or REST failed.
  expect(members.filter((m) => m !== `${Name}Payload`).every(isErrorType)).toBe(true);
  expect(members).toEqual(expect.arrayContaining(['ValidationError', 'UpstreamError', 'ForbiddenError']));
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

  it.each(writeOperations.map((id) => [mutationNameOf(id), id]))(
    '%s (%s) takes input: <Name>Input! and answers <Name>Result!',
    (name) => {
      checkShape(mutationFields[name]);
    },
  );

  it('keeps the names the issue gives exactly', () => {
    expect(NAMED_BY_THE_ISSUE.filter((name) => !mutationFields[name])).toEqual([]);
  });

  it('makes every error type a MutationError whose code is the MutationErrorCode enum', () => {
    const iface = schema.getType('MutationError');
    expect(iface).toBeInstanceOf(GraphQLInterfaceType);
    expect(Object.keys((iface as GraphQLInterfaceType).getFields()).sort()).toEqual(['code', 'message']);
    expect(String((iface as GraphQLInterfaceType).getFields().code.type)).toBe('MutationErrorCode!');
    const codes = (schema.getType('MutationErrorCode') as GraphQLEnumType).getValues().map((v) => v.name);
    expect(codes.sort()).toEqual(
      [
        'BULK_LIMIT_EXCEEDED',
        'FORBIDDEN',
        'IDEMPOTENCY_KEY_BUSY',
        'IDEMPOTENCY_KEY_REUSED',
        'IDEMPOTENCY_UNAVAILABLE',
        'NOT_FOUND',
        'OUTCOME_UNKNOWN',
        'RATE_LIMITED',
        'STATE_TRANSITION_REFUSED',
        'UPSTREAM_ERROR',
        'VALIDATION_FAILED',
        'VERSION_CONFLICT',
      ].sort(),
    );
    const implementations = schema.getPossibleTypes(iface as GraphQLInterfaceType).map((t) => t.name);
    expect(implementations.filter((n) => !n.endsWith('VersionConflictError')).sort()).toEqual(
      [...ERROR_TYPES].sort(),
    );
    for (const name of implementations) {
      const type = schema.getType(name) as GraphQLObjectType;
      const fields = type.getFields();
      expect(String(fields.code.type), `${name}.code`).toBe('MutationErrorCode!');
      expect(String(fields.message.type), `${name}.message`).toBe('String!');
    }
  });
});

/** The members of a result union (or of a bulk mutation's item union). */
const membersOf = (union: string): string[] =>
  (schema.getType(union) as GraphQLUnionType).getTypes().map((t) => t.name);
const currentOf = (type: string): string =>
  String((schema.getType(type) as GraphQLObjectType).getFields().current.type);

describe('each result lists only the errors its mutation can answer', () => {
  it('gives a create no version conflict, and a customer create no state refusal', () => {
    const members = membersOf('CreateCustomerResult');
    expect(members.some((m) => m.endsWith('VersionConflictError'))).toBe(false);
    expect(members).not.toContain('StateTransitionError');
    expect(members).not.toContain('BulkLimitError');
  });

  it('types the version conflict of an update as its own entity', () => {
    expect(membersOf('UpdateCustomerResult')).toContain('CustomerVersionConflictError');
    expect(currentOf('CustomerVersionConflictError')).toBe('Customer');
    expect(membersOf('UpdateTransactionResult')).toContain('TransactionVersionConflictError');
    expect(currentOf('TransactionVersionConflictError')).toBe('Transaction');
    const iface = schema.getType('VersionConflictError') as GraphQLInterfaceType;
    expect(iface).toBeInstanceOf(GraphQLInterfaceType);
    expect(schema.getPossibleTypes(iface).map((t) => t.name)).toContain('CustomerVersionConflictError');
  });

  it('gives a state refusal to actions on objects with a life cycle', () => {
    expect(membersOf('CompleteTransactionOnlineResult')).toContain('StateTransitionError');
    expect(membersOf('CreateRefundResult')).toContain('StateTransitionError');
    expect(membersOf('CompleteTransactionOnlineResult').some((m) => m.endsWith('VersionConflictError'))).toBe(
      false,
    );
  });

  it('gives BulkLimitError to bulk items only', () => {
    const unions = Object.values(schema.getTypeMap()).filter(
      (t): t is GraphQLUnionType => t instanceof GraphQLUnionType,
    );
    const withBulkLimit = unions
      .filter((u) => u.getTypes().some((t) => t.name === 'BulkLimitError'))
      .map((u) => u.name);
    expect(withBulkLimit.sort()).toEqual([
      'CreateCustomersItemResult',
      'DeleteCustomersItemResult',
      'UpdateCustomersItemResult',
    ]);
    expect(
      String((schema.getType('UpdateCustomersPayload') as GraphQLObjectType).getFields().results.type),
    ).toBe('[UpdateCustomersItemResult!]!');
    expect(membersOf('UpdateCustomersItemResult')).toEqual(
      expect.arrayContaining(['UpdateCustomerPayload', 'CustomerVersionConflictError']),
    );
  });
});

describe('every refusal REST can give lands in a type the result holds', () => {
  const statuses = [400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504];
  const errorMaps: Record<string, string>[] = [{}, { state: 'AUTHORIZED' }, { amount: 'must be positive' }];
  it.each(mutationSpecs.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
    const scopes = spec.kind.startsWith('bulk') ? (['bulk', 'bulkItem'] as const) : (['single'] as const);
    for (const scope of scopes) {
      const union =
        scope === 'bulkItem' ? `${upperFirst(spec.name)}ItemResult` : `${upperFirst(spec.name)}Result`;
      const members = new Set(membersOf(union));
      for (const status of statuses) {
        for (const errors of errorMaps) {
          for (const sentVersion of [undefined, 3]) {
            const refusal = fromStatus(
              status,
              { mutation: spec.name, sentVersion, object: { model: 'Customer', space: 1, key: '1' } },
              { errors },
            );
            const fitted = fitOutcome(refusal, spec, scope) as { kind: string };
            const typeName =
              fitted.kind === 'VersionConflictError'
                ? `${resourceOf(versionedModel(spec)!).typeName}VersionConflictError`
                : fitted.kind;
            expect(
              members.has(typeName),
              `${union}: ${status} ${JSON.stringify(errors)} -> ${typeName}`,
            ).toBe(true);
          }
        }
      }
    }
  });
});
