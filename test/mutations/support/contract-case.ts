// One row of the contract tables: how to build a mutation's input on demo data and which outcome the
// data makes certain (the payload, or a typed error the object's state implies). The generic
// builders cover the common shapes (an update of a found object, an action on one, a create in the
// space); rows add only what their REST body needs.
import { expect } from 'vitest';
import { mutationSpecByName } from '../../../src/catalog';
import { decodeGlobalId, type MutationErrorKind } from '../../../src/resolvers';
import { at } from '../../support/world';
import {
  mutationDocument,
  requiredPayloadFields,
  type Fixtures,
  type Input,
  type Obj,
} from './contract-fixtures';

export interface ContractCase {
  input(f: Fixtures): Promise<Input>;
  /** The typed error the demo data makes certain; the payload when absent. */
  outcome?: MutationErrorKind;
}

export type ContractTable = Record<string, ContractCase>;

type Extra = Input | ((f: Fixtures, object: Obj) => Input | Promise<Input>);

const extraOf = async (extra: Extra | undefined, f: Fixtures, object: Obj): Promise<Input> =>
  typeof extra === 'function' ? extra(f, object) : (extra ?? {});

/** A create in the demo space: `space` plus the body fields. */
export function create(
  fields: (f: Fixtures) => Input | Promise<Input>,
  outcome?: MutationErrorKind,
): ContractCase {
  return { input: async (f) => ({ space: String(f.space), ...(await fields(f)) }), outcome };
}

/** The acted-on object: found by a REST search, or made fresh over REST. */
type Target = string | ((f: Fixtures) => Promise<Obj>);

async function targetOf(f: Fixtures, model: string, target: Target | undefined): Promise<Obj> {
  return typeof target === 'function' ? target(f) : f.find(model, target);
}

/** An update (or a versioned action) of an object of `model`: `id`, `version` and the fields to change. */
export function update(
  model: string,
  target?: Target,
  fields?: Extra,
  outcome?: MutationErrorKind,
): ContractCase {
  return {
    input: async (f) => {
      const object = await targetOf(f, model, target);
      return { ...f.versioned(model, object), ...(await extraOf(fields, f, object)) };
    },
    outcome,
  };
}

/** An action on, or a delete of, an object of `model`: its global `id` and the action's fields. */
export function act(
  model: string,
  target?: Target,
  fields?: Extra,
  outcome?: MutationErrorKind,
): ContractCase {
  return {
    input: async (f) => {
      const object = await targetOf(f, model, target);
      return { id: f.gid(model, object), ...(await extraOf(fields, f, object)) };
    },
    outcome,
  };
}

/** Runs one row and checks its outcome: never a GraphQL error, the payload complete or the expected typed error. */
export async function runCase(f: Fixtures, name: string, row: ContractCase): Promise<void> {
  const input = await row.input(f);
  const r = await f.h.run(mutationDocument(name), { input });
  expect(r.errors, `${name}: GraphQL errors`).toBeUndefined();
  const result = at(r.data, name) as Obj;
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  const expected = row.outcome ?? `${Name}Payload`;
  expect(result.__typename, `${name} answered ${JSON.stringify(result)}`).toBe(expected);
  if (row.outcome) {
    expect(result.code, `${name}: a typed error has a code`).toEqual(expect.any(String));
    // What each error carries beyond its code is the business of that error's own tests.
    return;
  }
  for (const field of requiredPayloadFields(name)) {
    expect(result[field], `${name}: payload field ${field}`).not.toBeNull();
    const items = Array.isArray(result[field]) ? (result[field] as Obj[]) : [];
    for (const item of items) expect(item.__typename, `${name}: a bulk item`).toMatch(/Payload$/);
  }
  checkActedOn(name, input, result);
  expect(r.calls.length, `${name}: REST calls`).toBeGreaterThan(0);
}

/**
 * The acted-on object of a payload (an update's result, an action's object field) is the one the
 * input named. An action's result may be another object of the same type (an invoice's replacement).
 */
function checkActedOn(name: string, input: Input, result: Obj): void {
  const spec = mutationSpecByName.get(name);
  if (!spec || typeof input.id !== 'string' || !decodeGlobalId(input.id)) return;
  const fields = [spec.objectField, spec.kind === 'update' ? spec.resultField : undefined];
  for (const field of fields)
    if (field) expect((result[field] as Obj).id, `${name}: payload field ${field}`).toBe(input.id);
}
