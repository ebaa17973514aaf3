// How deep objects and lists nest in what a request sends as input: its variables (JSON) and the
// argument values written in its document. Checked before validation and coercion, without
// recursion (a 10,000-level `metaData` fits in a request body and would overflow the stack of the
// code that reads it): past PAYGRAPH_MAX_INPUT_DEPTH the request is refused with BAD_USER_INPUT,
// naming where.
import { GraphQLError, Kind, visit, type DocumentNode, type ValueNode } from 'graphql';

/** Path segments shown at most in the message; deeper ones are elided. */
const SHOWN_SEGMENTS = 6;

function pathText(segments: readonly (string | number)[]): string {
  const shown = segments.slice(0, SHOWN_SEGMENTS).map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`));
  return `${shown.join('').replace(/^\./, '')}${segments.length > SHOWN_SEGMENTS ? '…' : ''}`;
}

function tooDeep(what: string, segments: readonly (string | number)[], max: number): GraphQLError {
  return new GraphQLError(
    `${what} nest objects and lists more than ${max} levels deep, at ${pathText(segments)}; at most ${max} are allowed (PAYGRAPH_MAX_INPUT_DEPTH)`,
    { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } },
  );
}

/** How a walk sees one kind of input: the containers directly inside a container, or null for a leaf. */
interface InputShape {
  /** Pushes the objects and lists directly inside `value` onto `stack`; false when `value` is a leaf. */
  pushInner(value: unknown, stack: unknown[]): boolean;
  /** The children of `value` with their keys (only to name where a refused input is too deep). */
  children(value: unknown): [string | number, unknown][] | null;
}

/**
 * Whether `value` nests objects or lists deeper than `max`. Allocates nothing per value (a 250-item
 * bulk input is walked on every request): the path is traced only once this says it is too deep.
 */
function exceeds(value: unknown, max: number, shape: InputShape): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const at = values.pop();
    const depth = depths.pop()!;
    const before = values.length;
    if (!shape.pushInner(at, values)) continue;
    if (depth + 1 > max) return true;
    for (let i = before; i < values.length; i++) depths.push(depth + 1);
  }
  return false;
}

/** The path to the first place `value` nests objects or lists deeper than `max`, or null. */
function deeperThan(value: unknown, max: number, shape: InputShape): (string | number)[] | null {
  if (!exceeds(value, max, shape)) return null;
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const inner = shape.children(at.value);
    if (!inner) continue;
    if (at.depth + 1 > max) return at.path;
    // Paths are kept only as long as the message shows them.
    for (const [key, child] of inner)
      stack.push({
        value: child,
        depth: at.depth + 1,
        path: at.path.length > SHOWN_SEGMENTS ? at.path : [...at.path, key],
      });
  }
  return null;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Variables as JSON.parse made them: plain objects and arrays. */
const JSON_SHAPE: InputShape = {
  pushInner(value, stack) {
    if (!isContainer(value)) return false;
    if (Array.isArray(value)) {
      for (const item of value) if (isContainer(item)) stack.push(item);
    } else {
      const record = value as Record<string, unknown>;
      for (const key in record) if (isContainer(record[key])) stack.push(record[key]);
    }
    return true;
  },
  children(value) {
    if (Array.isArray(value)) return value.map((v, i) => [i, v]);
    return isContainer(value) ? Object.entries(value) : null;
  },
};

function isLiteralContainer(node: ValueNode): boolean {
  return node.kind === Kind.LIST || node.kind === Kind.OBJECT;
}

/** Argument values written in a document: list and object literals. */
const LITERAL_SHAPE: InputShape = {
  pushInner(value, stack) {
    const node = value as ValueNode;
    if (node.kind === Kind.LIST) {
      for (const item of node.values) if (isLiteralContainer(item)) stack.push(item);
    } else if (node.kind === Kind.OBJECT) {
      for (const field of node.fields) if (isLiteralContainer(field.value)) stack.push(field.value);
    } else return false;
    return true;
  },
  children(value) {
    const node = value as ValueNode;
    if (node.kind === Kind.LIST) return node.values.map((v, i) => [i, v]);
    if (node.kind === Kind.OBJECT) return node.fields.map((f) => [f.name.value, f.value]);
    return null;
  },
};

/** BAD_USER_INPUT when the request's variables nest deeper than `max`; else null. */
export function variablesTooDeep(variables: unknown, max: number): GraphQLError | null {
  if (typeof variables !== 'object' || variables === null) return null;
  const path = deeperThan(variables, max + 1, JSON_SHAPE);
  return path ? tooDeep('the variables', ['$' + String(path[0]), ...path.slice(1)], max) : null;
}

/** BAD_USER_INPUT when an argument value (or a variable's default) written in the document nests deeper than `max`. */
export function literalsTooDeep(document: DocumentNode, max: number): GraphQLError | null {
  let found: GraphQLError | null = null;
  const check = (name: string, value: ValueNode) => {
    const path = found ? null : deeperThan(value, max, LITERAL_SHAPE);
    if (path) found = tooDeep(`the argument values of the document`, [name, ...path], max);
  };
  visit(document, {
    Argument: (node) => {
      check(node.name.value, node.value);
      return false;
    },
    VariableDefinition: (node) => {
      if (node.defaultValue) check(`$${node.variable.name.value}`, node.defaultValue);
      return false;
    },
  });
  return found;
}
