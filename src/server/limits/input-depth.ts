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

/**
 * How a walk sees one kind of input: calls `visit` with each object or list directly inside `value`
 * and its key; false when `value` is a leaf.
 */
type EachInner = (value: unknown, visit: (key: string | number, child: unknown) => void) => boolean;

/**
 * Whether `value` nests objects or lists deeper than `max`: a container at depth d counts d + 1
 * levels. Allocates nothing per value (a 250-item bulk input is walked on every request); the path
 * is traced only once the input is known too deep.
 */
function exceeds(value: unknown, max: number, eachInner: EachInner): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  const push = (_key: string | number, child: unknown) => values.push(child);
  while (values.length > 0) {
    const at = values.pop();
    const depth = depths.pop()!;
    const before = values.length;
    if (!eachInner(at, push)) continue;
    if (depth + 1 > max) return true;
    for (let i = before; i < values.length; i++) depths.push(depth + 1);
  }
  return false;
}

/** The path to the first place `value` nests objects or lists deeper than `max`, or null. */
function deeperThan(value: unknown, max: number, eachInner: EachInner): (string | number)[] | null {
  if (!exceeds(value, max, eachInner)) return null;
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const inner: [string | number, unknown][] = [];
    if (!eachInner(at.value, (key, child) => inner.push([key, child]))) continue;
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
const jsonInner: EachInner = (value, visit) => {
  if (!isContainer(value)) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (isContainer(value[i])) visit(i, value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) if (isContainer(record[key])) visit(key, record[key]);
  }
  return true;
};

function isLiteralContainer(node: ValueNode): boolean {
  return node.kind === Kind.LIST || node.kind === Kind.OBJECT;
}

/** Argument values written in a document: list and object literals. */
const literalInner: EachInner = (value, visit) => {
  const node = value as ValueNode;
  if (node.kind === Kind.LIST) {
    node.values.forEach((item, i) => isLiteralContainer(item) && visit(i, item));
  } else if (node.kind === Kind.OBJECT) {
    for (const field of node.fields)
      if (isLiteralContainer(field.value)) visit(field.name.value, field.value);
  } else return false;
  return true;
};

/** BAD_USER_INPUT when the request's variables nest deeper than `max`; else null. */
export function variablesTooDeep(variables: unknown, max: number): GraphQLError | null {
  if (typeof variables !== 'object' || variables === null) return null;
  const path = deeperThan(variables, max + 1, jsonInner);
  return path ? tooDeep('the variables', ['$' + String(path[0]), ...path.slice(1)], max) : null;
}

/** BAD_USER_INPUT when an argument value (or a variable's default) written in the document nests deeper than `max`. */
export function literalsTooDeep(document: DocumentNode, max: number): GraphQLError | null {
  let found: GraphQLError | null = null;
  const check = (name: string, value: ValueNode) => {
    const path = found ? null : deeperThan(value, max, literalInner);
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
