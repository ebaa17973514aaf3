// The one walk over a selection's fields (src/shared/selection-walk.ts) that the cost estimate, the
// access checks, compiled execution and the resolvers' selection reading share: inline fragments,
// named spreads, a spread cycle (validation refuses it, but the walk may run before validation), a
// fragment spread on two paths or twice in a row (entered once, as graphql-js collects fields; walking
// every spread doubled at each level), fields merged by response key, and what the caller's hooks decide.
import { Kind, parse, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  collectFields,
  fieldsOf,
  fragmentsOf,
  walkFields,
  type FieldWalk,
} from '../../src/shared/selection-walk';

function operationOf(source: string): { set: SelectionSetNode; walk: FieldWalk<undefined> } {
  const document = parse(source);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation) throw new Error('no operation');
  return { set: operation.selectionSet, walk: { fragments: fragmentsOf(document) } };
}

const names = (walk: FieldWalk<undefined>, set: SelectionSetNode): string[] => {
  const found: string[] = [];
  walkFields(walk, set, undefined, (field) => found.push(field.alias?.value ?? field.name.value));
  return found;
};

describe('the walk over a selection through fragments', () => {
  it('visits fields in document order through inline fragments and named spreads', () => {
    const { set, walk } = operationOf(`
      query { a ... on Query { b ... { c } } ...F e: d }
      fragment F on Query { d ...G }
      fragment G on Query { g }`);
    expect(names(walk, set)).toEqual(['a', 'b', 'c', 'd', 'g', 'e']);
  });

  it('finds the named fragments of a document, and only those', () => {
    const document = parse(`query Q { ...F } fragment F on Query { a } fragment G on Query { b }`);
    expect([...fragmentsOf(document).keys()]).toEqual(['F', 'G']);
  });

  it('walks a spread cycle once instead of looping', () => {
    const { set, walk } = operationOf(`
      query { ...A }
      fragment A on Query { a ...B }
      fragment B on Query { b ...A }`);
    expect(names(walk, set)).toEqual(['a', 'b']);
    expect(fieldsOf(walk.fragments, set).map((f) => f.name.value)).toEqual(['a', 'b']);
  });

  it('enters a fragment spread on two paths, or twice in a row, once', () => {
    const { set, walk } = operationOf(`
      query { ... on Query { ...F } ... on Query { ...F } ...G }
      fragment F on Query { f }
      fragment G on Query { ...F ...F }`);
    expect(names(walk, set)).toEqual(['f']);
  });

  it('walks fragments that spread each other twice in a row in linear time', () => {
    const fragments = Array.from(
      { length: 60 },
      (_, i) => `fragment F${i} on Query { ${i < 59 ? `...F${i + 1} ...F${i + 1}` : 'leaf'} }`,
    );
    const { set, walk } = operationOf(`query { ...F0 }\n${fragments.join('\n')}`);
    // Walking every spread would visit the leaf 2^59 times (and never end).
    expect(names(walk, set)).toEqual(['leaf']);
  });

  it('gives each field the names of the fragments entered so far', () => {
    const { set, walk } = operationOf(`
      query { top ...F ... on Query { ...G } }
      fragment F on Query { f }
      fragment G on Query { g ...F }`);
    const found: string[] = [];
    walkFields(walk, set, undefined, (field, _, entered) =>
      found.push(`${field.name.value}<${[...entered].join(',')}`),
    );
    expect(found).toEqual(['top<', 'f<F', 'g<F,G']);
  });

  it('collects fields as execution does: one per response key, their selections merged, fragments on different types apart', () => {
    const { set, walk } = operationOf(`
      query { a { x } ...F ... on Query { a { y } b: a { z } } ... on Other { a { w } } }
      fragment F on Query { a { x } }`);
    const typed: FieldWalk<string> = {
      ...walk,
      within: (fragment, around) => fragment.typeCondition?.name.value ?? around,
    };
    const collected = collectFields(typed, set, 'Query', (type) => type);
    const shown = collected.map(
      ({ field, context }) =>
        `${context}.${(field.alias ?? field.name).value}{${fieldsOf(walk.fragments, field.selectionSet)
          .map((f) => f.name.value)
          .join(' ')}}`,
    );
    expect(shown).toEqual(['Query.a{x x y}', 'Query.b{z}', 'Other.a{w}']);
  });

  it('skips a fragment the caller skips and gives its fields the context the caller makes', () => {
    const { set, walk } = operationOf(`
      query { a ... on Node { b } ...F ... @skip(if: true) { c } }
      fragment F on Viewer { d ... { e } }`);
    const typed: FieldWalk<string> = {
      ...walk,
      skips: (selection) => selection.directives?.some((d) => d.name.value === 'skip') ?? false,
      within: (fragment, around) => fragment.typeCondition?.name.value ?? around,
    };
    const found: string[] = [];
    walkFields(typed, set, 'Query', (field, type) => found.push(`${type}.${field.name.value}`));
    expect(found).toEqual(['Query.a', 'Node.b', 'Viewer.d', 'Viewer.e']);
  });

  it('walks nothing for a spread of an unknown fragment or an empty selection', () => {
    const { set, walk } = operationOf(`query { ...Missing a }`);
    expect(names(walk, set)).toEqual(['a']);
    expect(names(walk, { kind: Kind.SELECTION_SET, selections: [] })).toEqual([]);
  });
});
