// The federation plugin's field hooks are skipped only where they would add nothing
// (src/schema/federation-fields.ts): a field, argument, input field or enum value that sets one of
// the plugin's options still gets its directive, through the plugin itself, on a builder of its own.
import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import FederationPlugin from '@pothos/plugin-federation';
import { GraphQLEnumType, GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { hasNoFederationOptions } from '../../src/schema/federation-fields';

type Directives = { name: string; args?: object }[] | undefined;

function directivesOf(extensions: { directives?: unknown } | null | undefined): string[] {
  return ((extensions?.directives as Directives) ?? []).map((d) => d.name);
}

function buildSample() {
  const builder = new SchemaBuilder({ plugins: [DirectivesPlugin, FederationPlugin] });
  const Color = builder.enumType('Color', {
    values: { RED: { value: 'red', inaccessible: true }, BLUE: { value: 'blue' } },
  });
  const Filter = builder.inputType('Filter', {
    fields: (t) => ({ plain: t.string(), tagged: t.string({ tag: 'internal' }) }),
  });
  builder.queryType({
    fields: (t) => ({
      plain: t.string({ resolve: () => 'a' }),
      shared: t.string({ shareable: true, resolve: () => 'b' }),
      tagged: t.string({ tag: ['public', 'beta'], resolve: () => 'c' }),
      color: t.field({
        type: Color,
        args: { filter: t.arg({ type: Filter }) },
        resolve: () => 'red' as const,
      }),
    }),
  });
  return builder.toSchema();
}

describe('federation options on fields', () => {
  const schema = buildSample();

  it('keeps the directives of the fields that set an option, and adds none elsewhere', () => {
    const query = schema.getQueryType()!;
    const fields = query.getFields();
    expect(directivesOf(fields.shared.extensions)).toEqual(['shareable']);
    expect(directivesOf(fields.tagged.extensions)).toEqual(['tag', 'tag']);
    expect(directivesOf(fields.plain.extensions)).toEqual([]);
  });

  it('keeps them on input fields and enum values too', () => {
    const filter = schema.getType('Filter');
    if (!(filter instanceof GraphQLInputObjectType)) throw new Error('no Filter');
    expect(directivesOf(filter.getFields().tagged.extensions)).toEqual(['tag']);
    expect(directivesOf(filter.getFields().plain.extensions)).toEqual([]);
    const color = schema.getType('Color');
    if (!(color instanceof GraphQLEnumType)) throw new Error('no Color');
    expect(directivesOf(color.getValue('RED')!.extensions)).toEqual(['inaccessible']);
    expect(directivesOf(color.getValue('BLUE')!.extensions)).toEqual([]);
  });

  it('leaves external entity fields and external refs to the plugin', () => {
    expect(hasNoFederationOptions({ kind: 'Object', pothosOptions: {} })).toBe(true);
    expect(hasNoFederationOptions({ kind: 'ExternalEntity', pothosOptions: {} })).toBe(false);
    expect(hasNoFederationOptions({ kind: 'Object', pothosOptions: {} }, { provides: () => null })).toBe(
      false,
    );
    expect(hasNoFederationOptions({ kind: 'Object', pothosOptions: { cost: 0 } })).toBe(false);
  });
});
