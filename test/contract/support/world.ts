// The contract suite's view of one running sandbox: signed calls, seeded objects picked by model and
// state (each handed out once where possible, so that one test's action never spoils another's
// subject), and objects created through the REST API for tests that change or destroy them.
import {
  operationsById,
  resourceByModel,
  resources,
  resourceOf,
  type Operation,
  type Resource,
} from '../../../src/catalog';
import type { RunningSandbox } from '../../../src/sandbox';
import type { StoredObject } from '../../../src/sandbox/store';
import { client, type CallResult } from '../../sandbox/support/signed-fetch';
import { linkId } from './link-schema';
import { minimalBody, type BodyHooks } from './minimal-body';

export interface PreparedRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
  /** Overrides the world's space for space-scoped operations. */
  space?: number;
}

export interface PickFilter {
  state?: string | string[];
  where?: (object: StoredObject) => boolean;
}

/** Fields of create bodies that need real meaning, per model (merged over the generic minimal body). */
export type CreateExtras = (world: World) => Record<string, unknown>;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export class World implements BodyHooks {
  readonly space: number;
  readonly now = new Date();
  private readonly used = new Set<string>();
  private readonly call: ReturnType<typeof client>;

  constructor(
    readonly sandbox: RunningSandbox,
    private readonly createExtras: Record<string, CreateExtras> = {},
  ) {
    this.space = sandbox.spaces[0];
    const [user] = sandbox.users;
    this.call = client(sandbox.origin, { userId: user.id, key: user.key });
  }

  /** Fills the path template and calls the operation, signed, with `space` where it is space-scoped. */
  async request<T = unknown>(op: Operation, prepared: PreparedRequest = {}): Promise<CallResult<T>> {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = prepared.params?.[name];
      if (value === undefined) throw new Error(`${op.operationId}: no value for path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(prepared.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
    }
    const query = search.size ? `?${search}` : '';
    return this.call<T>({
      method: op.method,
      path: `${path}${query}`,
      space: op.spaceScoped ? (prepared.space ?? this.space) : undefined,
      body: prepared.body,
    });
  }

  /** Calls an operation by id and insists on its documented success status. */
  async expectOk<T = unknown>(operationId: string, prepared: PreparedRequest = {}): Promise<T> {
    const op = operationsById.get(operationId);
    if (!op) throw new Error(`unknown operation ${operationId}`);
    const response = await this.request<T>(op, prepared);
    if (response.status !== op.successStatus) {
      throw new Error(
        `setup call ${operationId} answered ${response.status}: ${response.text.slice(0, 300)}`,
      );
    }
    return response.body;
  }

  /** Seeded objects of `model` visible in the world's space that pass the filter. */
  candidates(model: string, filter: PickFilter = {}): StoredObject[] {
    const resource = resourceOf(model);
    const states = filter.state === undefined ? undefined : [filter.state].flat();
    return this.sandbox.state.store
      .list(model, resource.spaceScoped ? this.space : undefined)
      .filter((o) => !states || states.includes(String(o.state)))
      .filter((o) => !filter.where || filter.where(o));
  }

  /** An object to act on: one not handed out before when there is one. */
  claim(model: string, filter: PickFilter = {}): StoredObject {
    const all = this.candidates(model, filter);
    const key = (o: StoredObject) => `${model}:${String(o[resourceOf(model).key.field])}`;
    const fresh = all.find((o) => !this.used.has(key(o)));
    const chosen = fresh ?? all[0];
    if (!chosen)
      throw new Error(
        `no seeded ${model}${filter.state ? ` in state ${String(filter.state)}` : ''} in space ${this.space}`,
      );
    this.used.add(key(chosen));
    return chosen;
  }

  /** An object to read: any matching one, handed out or not. */
  any(model: string, filter: PickFilter = {}): StoredObject {
    const [first] = this.candidates(model, filter);
    if (!first) throw new Error(`no seeded ${model} in space ${this.space}`);
    return first;
  }

  /** BodyHooks: integer fields that name an entity get the id of an existing one. */
  idFor(owner: string | undefined, field: string): number | string | undefined {
    const resource = resources.find(
      (r) => r.model === owner || r.createBody === owner || r.updateBody === owner,
    );
    const named =
      resource?.links.find((l) => l.field === field)?.model ??
      resource?.references.find((l) => l.field === field)?.model ??
      (resourceByModel.has(capitalized(field)) ? capitalized(field) : undefined);
    if (!named) return undefined;
    const object = this.any(named);
    return object[resourceOf(named).key.field] as number | string;
  }

  /** The parent path parameter of a nested base, taken from an existing child. */
  parentParams(resource: Resource): Record<string, number> {
    if (!resource.parent) return {};
    const child = this.any(resource.model);
    return { [resource.parent.pathParam]: linkId(child[resource.parent.field]) };
  }

  /** The generic minimal create body of `model`, with the fields its create needs to mean something. */
  createBody(model: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const resource = resourceOf(model);
    if (!resource.createBody) throw new Error(`${model} has no create body`);
    return minimalBody(resource.createBody, this, { ...this.createExtras[model]?.(this), ...extra });
  }

  /** Creates an object of `model` through its REST create operation, for a test to change or destroy. */
  async create(
    model: string,
    extra: Record<string, unknown> = {},
    params: Record<string, number> = {},
  ): Promise<StoredObject> {
    const resource = resourceOf(model);
    const op = resource.ops.C;
    if (!op) throw new Error(`${model} has no create operation`);
    const body = this.createBody(model, extra);
    const parent =
      resource.parent && !(resource.parent.pathParam in params) ? this.parentParams(resource) : {};
    const allParams = { ...parent, ...params };
    if (resource.parent && resource.parent.field in body)
      body[resource.parent.field] = allParams[resource.parent.pathParam];
    return this.expectOk<StoredObject>(op.operationId, { params: allParams, body });
  }

  /** Re-reads an object's stored form (e.g. its current version) from the store. */
  stored(model: string, key: number | string): StoredObject {
    const object = this.sandbox.state.store.get(model, key);
    if (!object) throw new Error(`${model} ${key} is not in the store`);
    return object;
  }
}
