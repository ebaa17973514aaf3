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

/** The path to the first place `value` nests objects or lists deeper than `max`, or null. */
function deeperThan(
  value: unknown,
  max: number,
  children: (v: unknown) => [string | number, unknown][] | null,
): (string | number)[] | null {
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const inner = children(at.value);
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

function jsonChildren(value: unknown): [string | number, unknown][] | null {
  if (Array.isArray(value)) return value.map((v, i) => [i, v]);
  if (typeof value === 'object' && value !== null) return Object.entries(value);
  return null;
}

function literalChildren(value: unknown): [string | number, unknown][] | null {
  const node = value as ValueNode;
  if (node.kind === Kind.LIST) return node.values.map((v, i) => [i, v]);
  if (node.kind === Kind.OBJECT) return node.fields.map((f) => [f.name.value, f.value]);
  return null;
}

/** BAD_USER_INPUT when the request's variables nest deeper than `max`; else null. */
export function variablesTooDeep(variables: unknown, max: number): GraphQLError | null {
  if (typeof variables !== 'object' || variables === null) return null;
  const path = deeperThan(variables, max + 1, jsonChildren);
  return path ? tooDeep('the variables', ['$' + String(path[0]), ...path.slice(1)], max) : null;
}

/** BAD_USER_INPUT when an argument value (or a variable's default) written in the document nests deeper than `max`. */
export function literalsTooDeep(document: DocumentNode, max: number): GraphQLError | null {
  let found: GraphQLError | null = null;
  const check = (name: string, value: ValueNode) => {
    const path = found ? null : deeperThan(value, max, literalChildren);
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
