// The one place where catalog-driven (dynamic) fields meet Pothos' static typing. Types and shapes
// come from the REST facts at run time, so fields are declared here with a checked, uniform spec.
import type { ArgumentRef, FieldKind, FieldRef, InputFieldRef, InputType, OutputType } from '@pothos/core';
import { defaultFieldResolver, GraphQLError, type GraphQLResolveInfo } from 'graphql';
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
  args?: Record<string, ArgumentRef<Types, unknown>>;
  description?: string;
  /** Complexity of the field, or a function of its arguments (connections). */
  complexity?: number | ((args: Args) => { field: number; multiplier: number });
  /**
   * Absent: the parent's property of the field's own name, as graphql-js reads a field without a
   * resolver. Such a field is built without one, and compiled execution reads it inline: no resolver
   * call, arguments, path and info objects per row.
   */
  resolve?: Resolve<P>;
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

/**
 * What Pothos' typing asks of a resolver whose field type is only known at run time: the union of every
 * output type has an `any` shape, which Pothos reads as "a list". A resolver's real answer is the
 * value of the field's type; graphql-js checks it while completing the value.
 */
type PothosResolved = Iterable<unknown> | null | undefined;
/** A subscription field's source of events: each event is then answered by `resolve`. */
export type Subscribe<E> = (
  root: unknown,
  args: Args,
  ctx: GraphContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<E> | Promise<AsyncIterable<E>>;

interface FieldOptions<P> {
  type: Output | [Output];
  nullable: boolean | { list: boolean; items: boolean };
  args: Record<string, ArgumentRef<Types, unknown>>;
  description?: string;
  complexity?: FieldSpec<P>['complexity'];
  extensions?: Record<string, unknown>;
  resolve: (parent: P, args: Args, ctx: GraphContext, info: GraphQLResolveInfo) => PothosResolved;
}

export interface InputOptions {
  type: Input | [Input];
  required: boolean | { list: boolean; items: boolean };
  description?: string;
  defaultValue?: unknown;
}

/** `t.arg` of a Pothos field builder, as the catalog-driven fields use it. */
export type ArgBuilder = (options: InputOptions) => ArgumentRef<Types, unknown>;

/**
 * The part of a Pothos field builder (the `t` of object, interface, query and mutation fields) the
 * catalog-driven fields use. Pothos' builders are checked against it wherever one is passed, so a
 * field made here is typed as far as a type chosen at run time allows.
 */
export interface FieldBuilder<P> {
  field(options: FieldOptions<P>): FieldRef<Types, unknown, FieldKind>;
  arg: ArgBuilder;
}

/** The same for the Subscription root's fields, which also subscribe: `resolve` answers each event. */
export interface SubscriptionFieldBuilder {
  field<E>(options: FieldOptions<E> & { subscribe: Subscribe<E> }): FieldRef<Types, unknown, FieldKind>;
  arg: ArgBuilder;
}

/** The `t` of an input object type's fields. */
export interface InputFieldBuilder {
  field(options: InputOptions): InputFieldRef<Types, unknown>;
}

export type DynamicFieldRef = FieldRef<Types, unknown, FieldKind>;

/** A spec's resolver as Pothos is given it: graphql-js' default one, which Pothos builds as none, when absent. */
function resolverOf<P>(spec: FieldSpec<P>): Resolve<P> {
  if (!spec.resolve) return defaultFieldResolver as Resolve<P>;
  return spec.remote ? guarded(spec.resolve) : spec.resolve;
}

function fieldOptions<P>(spec: FieldSpec<P>): FieldOptions<P> {
  const nullable = spec.nullable ?? true;
  return {
    type: spec.list ? [spec.type] : spec.type,
    nullable: spec.list ? { list: nullable, items: spec.itemsNullable ?? false } : nullable,
    args: spec.args ?? {},
    description: spec.description,
    complexity: spec.complexity,
    extensions: spec.keyOnly ? { [KEY_ONLY_EXTENSION]: true } : undefined,
    // @ts-expect-error The answer's type is the field's, chosen at run time (see PothosResolved).
    resolve: resolverOf(spec),
  };
}

export function dynamicField<P>(t: FieldBuilder<P>, spec: FieldSpec<P>): DynamicFieldRef {
  return t.field(fieldOptions(spec));
}

/** A field of the Subscription root: `subscribe` yields the events, `resolve` answers each. */
export function dynamicSubscriptionField<E>(
  t: SubscriptionFieldBuilder,
  spec: FieldSpec<E> & { subscribe: Subscribe<E> },
): DynamicFieldRef {
  return t.field<E>({ ...fieldOptions(spec), subscribe: spec.subscribe });
}

export interface InputSpec {
  type: Input;
  list?: boolean;
  required?: boolean;
  description?: string;
  defaultValue?: unknown;
}

function inputOptions(spec: InputSpec): InputOptions {
  return {
    type: spec.list ? [spec.type] : spec.type,
    required: spec.list ? { list: spec.required ?? false, items: true } : (spec.required ?? false),
    description: spec.description,
    defaultValue: spec.defaultValue,
  };
}

/** A field of an input object type (`t` of `inputType(..., { fields: (t) => ... })`). */
export function dynamicInputField(t: InputFieldBuilder, spec: InputSpec): InputFieldRef<Types, unknown> {
  return t.field(inputOptions(spec));
}

/** An argument of a field (`t.arg` of a field builder). */
export function dynamicArg(arg: ArgBuilder, spec: InputSpec): ArgumentRef<Types, unknown> {
  return arg(inputOptions(spec));
}

export function badUserInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}
