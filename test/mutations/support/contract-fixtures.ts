// What the contract tables need to build inputs on the sandbox's demo data: objects found by REST
// search, fresh ones made over REST (so a delete or an action never spends shared demo data), and
// global IDs. Also the generic query of a mutation, whose payload selection is read from the schema.
import {
  getNamedType,
  GraphQLObjectType,
  GraphQLUnionType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLOutputType,
} from 'graphql';
import { resourceByModel } from '../../../src/catalog';
import { encodeGlobalId, entityKey } from '../../../src/resolvers';
import type { OperationId } from '../../../src/rest/types';
import { schema } from '../../../src/schema';
import type { TestWorld } from '../../support/world';

export type Obj = Record<string, unknown>;
export type Input = Record<string, unknown>;

/** The REST id of a link field, which comes back as an id or (expanded) as an object. */
export const idOf = (link: unknown): unknown =>
  typeof link === 'object' && link !== null ? (link as Obj).id : link;

/** The test cards and ids of the demo space the tables act in. */
export class Fixtures {
  readonly space: number;
  private serial = 0;
  constructor(readonly h: TestWorld) {
    this.space = h.space;
  }

  get seed() {
    return this.h.sandbox.seedSummary.perSpace[this.space];
  }

  get cards() {
    return this.h.sandbox.seedSummary.testCards;
  }

  /** A new external id for every create (REST refuses a reused one). */
  externalId(prefix = 'contract'): string {
    this.serial += 1;
    return `${prefix}-${this.serial}`;
  }

  /** Any REST operation in the demo space (or at account level). */
  async call(
    operationId: string,
    options: { path?: Obj; query?: Obj; body?: unknown; space?: number | null } = {},
  ): Promise<Obj> {
    const { space = this.space, ...rest } = options;
    return (await this.h.rest.call(
      operationId as OperationId,
      { ...(space === null ? {} : { space }), ...rest } as never,
    )) as Obj;
  }

  /** The objects of `model` matching a REST search query (`state:ACTIVE`), newest first. */
  async search(model: string, query?: string, path: Obj = {}, limit = 5): Promise<Obj[]> {
    const resource = resourceByModel.get(model);
    const op = resource?.ops.S;
    if (!resource || !op) throw new Error(`${model} has no search operation`);
    const params: Obj = { limit, order: 'id:DESC', ...(query ? { query } : {}) };
    const body = await this.call(op.operationId, {
      space: resource.spaceScoped ? this.space : null,
      path,
      query: params,
    });
    return body.data as Obj[];
  }

  /** The first object of `model` matching `query`; the test fails when the demo data has none. */
  async find(model: string, query?: string, path: Obj = {}): Promise<Obj> {
    const [first] = await this.search(model, query, path, 1);
    if (!first) throw new Error(`the demo data has no ${model}${query ? ` with ${query}` : ''}`);
    return first;
  }

  /** One object of `model` read by its REST id. */
  async get(model: string, id: unknown): Promise<Obj> {
    const resource = resourceByModel.get(model);
    const op = resource?.ops.G;
    if (!resource || !op) throw new Error(`${model} has no read operation`);
    return this.call(op.operationId, {
      space: resource.spaceScoped ? this.space : null,
      path: { [resource.key.pathParam]: id },
    });
  }

  /** The global ID of a REST object of `model`. */
  gid(model: string, object: Obj): string {
    const resource = resourceByModel.get(model);
    const key = resource ? entityKey(resource, object) : null;
    if (!resource || key === null)
      throw new Error(`no global ID for ${model} ${JSON.stringify(object).slice(0, 80)}`);
    return encodeGlobalId(model, resource.spaceScoped ? this.space : null, key);
  }

  /** The global ID of a link value (a REST id, or an expanded object) naming an object of `model`. */
  link(model: string, link: unknown): string {
    return this.gid(model, { id: idOf(link) });
  }

  /** `{ id, version }` of an object: the input of an update or a versioned action. */
  versioned(model: string, object: Obj): Input {
    return { id: this.gid(model, object), version: object.version };
  }

  /** A new transaction over REST, PENDING, ready to be processed with a card. */
  async pendingTransaction(extra: Obj = {}): Promise<Obj> {
    return this.call('createTransaction', {
      body: {
        currency: 'CHF',
        lineItems: [
          { uniqueId: 'sku-1', name: 'Contract item', quantity: 1, amountIncludingTax: 100, type: 'PRODUCT' },
        ],
        ...extra,
      },
    });
  }

  /** A new transaction authorized with the approving card (COMPLETE_DEFERRED: it waits for completion). */
  async authorizedTransaction(extra: Obj = {}): Promise<Obj> {
    const tx = await this.pendingTransaction({ completionBehavior: 'COMPLETE_DEFERRED', ...extra });
    return this.call('processTransactionCardDetails', {
      path: { id: tx.id },
      body: {
        paymentMethodConfiguration: this.seed.cardPaymentMethodConfigurationId,
        cardData: {
          primaryAccountNumber: this.cards.approve,
          expiryDate: '2031-12',
          cardVerificationCode: '123',
        },
      },
    });
  }

  /** A new transaction completed online (FULFILL), refundable. */
  async fulfilledTransaction(extra: Obj = {}): Promise<Obj> {
    const tx = await this.authorizedTransaction(extra);
    await this.call('completeTransactionOnline', { path: { id: tx.id } });
    return this.call('getTransaction', { path: { id: tx.id } });
  }

  async customer(extra: Obj = {}): Promise<Obj> {
    return this.call('createCustomer', { body: { givenName: 'Contract', familyName: 'Test', ...extra } });
  }
}

/** The selection of one output type: leaves by name, objects by `id` (or `__typename`), unions typed. */
function selectionOf(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (named instanceof GraphQLUnionType) return '{ __typename ... on MutationError { code message } }';
  if (named instanceof GraphQLObjectType && named.getFields().id) return '{ __typename id }';
  return '{ __typename }';
}

/** The generic document of a mutation: its outcome's type, every payload field, every error's code. */
export function mutationDocument(name: string): string {
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  const payload = schema.getType(`${Name}Payload`) as GraphQLObjectType;
  const fields = Object.values(payload.getFields())
    .map((f) => `${f.name} ${selectionOf(f.type)}`)
    .join(' ');
  return `mutation ($input: ${Name}Input!) {
    ${name}(input: $input) {
      __typename
      ... on ${Name}Payload { ${fields} }
      ... on ValidationError { fields { path message } }
      ... on MutationError { code message }
    }
  }`;
}

/** The payload fields that must hold a value on success: objects, deletedId, results, what REST answered as text. */
export function requiredPayloadFields(name: string): string[] {
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  const payload = schema.getType(`${Name}Payload`) as GraphQLObjectType;
  return Object.values(payload.getFields())
    .filter(
      (f) =>
        f.name === 'result' ||
        isNonNullType(f.type) ||
        !isLeafType(getNamedType(f.type)) ||
        isListType(f.type),
    )
    .map((f) => f.name);
}
