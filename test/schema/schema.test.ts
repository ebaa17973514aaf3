// The schema builds, validates, and is exactly what schema.graphql commits (drift check).
import { readFileSync } from 'node:fs';
import * as graphql from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema';
import { printedSchema, SCHEMA_HEADER } from '../../src/schema/print';

describe('schema', () => {
  it('builds and validates', () => {
    expect(graphql.validateSchema(schema)).toEqual([]);
  });

  it('is what schema.graphql commits (run `npm run generate:schema` after changing src/schema)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed.startsWith(SCHEMA_HEADER)).toBe(true);
    expect(printedSchema()).toBe(committed);
  });

  it('names its root types so that the printed SDL, read back, has the same roots', () => {
    const reread = graphql.buildSchema(
      readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'),
    );
    const roots = (s: graphql.GraphQLSchema) => [
      s.getQueryType()?.name,
      s.getMutationType()?.name,
      s.getSubscriptionType()?.name,
    ];
    expect(roots(schema)).toEqual(['Query', 'Mutation', 'Subscription']);
    expect(roots(reread)).toEqual(roots(schema));
    // No entity takes a root type's name: the REST Subscription model is SubscriptionContract, and
    // the Subscription root holds the live fields.
    for (const name of ['Query', 'Mutation', 'Subscription']) {
      const type = schema.getType(name);
      expect(graphql.isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'), name).toBe(
        false,
      );
    }
    expect(Object.keys(schema.getSubscriptionType()!.getFields()).sort()).toEqual([
      'entityChanged',
      'manualTasksChanged',
      'refundsChanged',
      'subscriptionsChanged',
      'transactionsChanged',
    ]);
    expect(String(schema.getType('SubscriptionContract')?.description)).toMatch(/REST model Subscription/);
    expect(
      String(
        schema.getType('Space') &&
          (schema.getType('Space') as graphql.GraphQLObjectType).getFields().subscriptions.type,
      ),
    ).toBe('SubscriptionContractConnection');
  });

  it('has the Relay and scalar building blocks', () => {
    for (const name of [
      'Node',
      'PageInfo',
      'Long',
      'DateTime',
      'Decimal',
      'JSON',
      'JSONObject',
      'OrderDirection',
    ]) {
      expect(schema.getType(name), name).toBeDefined();
    }
    const query = schema.getQueryType()!.getFields();
    expect(String(query.node.type)).toBe('Node');
    expect(String(query.node.args[0].type)).toBe('ID!');
    expect(String(query.nodes.type)).toBe('[Node]!');
    expect(String(query.space.type)).toBe('Space');
  });
});
