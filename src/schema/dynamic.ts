// The one place where catalog-driven (dynamic) fields meet Pothos' static typing. Types and shapes
// come from the REST facts at run time, so fields are declared here with a checked, uniform spec.
import type { FieldRef, InputFieldRef, InputType, OutputType } from '@pothos/core';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { KEY_ONLY_EXTENSION, toGraphQLError, type GraphContext } from '../resolvers';
import type { Types } from './builder';

export type { Types };
export type Output = OutputType<Types>;
export type Input = InputType<Types>;
export type Args = Record<string, unknown>;
export type Resolve<P> = (parent: P, args: Args, ctx: GraphContext, info: GraphQLResolveInfo) => unknown;

export interface FieldSpec<P> {
  type: Output;
  list?: boolean;
  /** Default true: a REST failure nulls this field only. */
  nullable?: boolean;
  /** For lists: whether items may be null (default false). */
  itemsNullable?: boolean;
  args?: Record<string, InputFieldRef<Types, unknown>>;
  description?: string;
  /** Complexity of the field, or a function of its arguments (connections). */
  complexity?: number | ((args: Args) => { field: number; multiplier: number });
  resolve: Resolve<P>;
  /** The resolver calls REST (through the resolvers): errors are turned into typed GraphQL errors. */
  remote?: boolean;
  /**
   * The resolver uses nothing of its parent but the parent's key and space: a parent selected only
   * for such fields is answered by a stub from its key instead of being loaded or expanded.
   */
  keyOnly?: boolean;
}

function typed(error: unknown): never {
  throw error instanceof GraphQLError ? error : toGraphQLError(error);
}

/**
 * Wraps a remote resolver so every failure surfaces as a typed GraphQL error on this field only. An
 * answer the resolver has at hand (a link expanded in its parent) stays synchronous: no promise per row.
 */
export function guarded<P>(resolve: Resolve<P>): Resolve<P> {
  return (parent, args, ctx, info) => {
    let result: unknown;
    try {
      result = resolve(parent, args, ctx, info);
    } catch (error) {
      typed(error);
    }
    return result instanceof Promise ? result.catch(typed) : result;
  };
}

type AnyFieldBuilder = {
  field: (options: never) => FieldRef<Types, unknown, 'Object'>;
};

export function dynamicField<P>(t: unknown, spec: FieldSpec<P>): FieldRef<Types, unknown, 'Object'> {
  const nullable = spec.nullable ?? true;
  const options = {
    type: spec.list ? [spec.type] : spec.type,
    nullable: spec.list ? { list: nullable, items: spec.itemsNullable ?? false } : nullable,
    args: spec.args ?? {},
    description: spec.description,
    complexity: spec.complexity,
    resolve: spec.remote ? guarded(spec.resolve) : spec.resolve,
    extensions: spec.keyOnly ? { [KEY_ONLY_EXTENSION]: true } : undefined,
  };
  return (t as AnyFieldBuilder).field(options as never);
}

export interface InputSpec {
  type: Input;
  list?: boolean;
  required?: boolean;
  description?: string;
  defaultValue?: unknown;
}

type AnyInputBuilder = { field: (options: never) => InputFieldRef<Types, unknown> };
type AnyArgBuilder = (options: never) => InputFieldRef<Types, unknown>;

function inputOptions(spec: InputSpec): unknown {
  return {
    type: spec.list ? [spec.type] : spec.type,
    required: spec.list ? { list: spec.required ?? false, items: true } : (spec.required ?? false),
    description: spec.description,
    defaultValue: spec.defaultValue,
  };
}

/** A field of an input object type (`t` of `inputType(..., { fields: (t) => ... })`). */
export function dynamicInputField(t: unknown, spec: InputSpec): InputFieldRef<Types, unknown> {
  return (t as AnyInputBuilder).field(inputOptions(spec) as never);
}

/** An argument of a field (`t.arg` of a field builder). */
export function dynamicArg(arg: unknown, spec: InputSpec): InputFieldRef<Types, unknown> {
  return (arg as AnyArgBuilder)(inputOptions(spec) as never);
}

export function badUserInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}
