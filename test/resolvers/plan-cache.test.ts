// Where expand plans are kept (src/resolvers/plan-cache.ts): with the document's field nodes when no
// @skip/@include takes a variable (the next request sending the same nodes finds them), with the
// request otherwise. Real `info` objects from graphql-js execution of a small schema.
import { buildSchema, execute, parse, type DocumentNode, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { keptForField, plansOfField, type PlansByField } from '../../src/resolvers/plan-cache';

const schema = buildSchema(`
  type Token { state: String }
  type Transaction { state: String token: Token }
  type Query { transaction: Transaction }
`);

/** The `info` of the root field `transaction` for one execution of `document`. */
function infoOf(document: DocumentNode, variables: Record<string, unknown> = {}): GraphQLResolveInfo {
  let seen: GraphQLResolveInfo | undefined;
  const result = execute({
    schema,
    document,
    variableValues: variables,
    fieldResolver: (_source, _args, _ctx, info) => {
      if (info.fieldName === 'transaction') seen = info;
      return null;
    },
  });
  if ('errors' in result && result.errors) throw result.errors[0];
  return seen!;
}

describe('expand plans kept per document', () => {
  it('keeps the plans of an operation without variable directives with its field nodes, across requests', () => {
    const info = infoOf(parse('{ transaction { state token { state } } }'));
    const firstRequest: PlansByField = new WeakMap();
    const plans = plansOfField(info, firstRequest);
    plans.set('entity:Transaction', { paths: ['token'], needs: 'object' });
    // Another request with the same field nodes (as compiled execution hands them) finds the plan.
    expect(plansOfField(info, new WeakMap()).get('entity:Transaction')?.paths).toEqual(['token']);
    expect(firstRequest.has(info.fieldNodes)).toBe(false);
  });

  it('keeps them with the request when @skip or @include takes a variable, in the operation or a fragment', () => {
    const direct = parse('query ($t: Boolean!) { transaction { state token @include(if: $t) { state } } }');
    const viaFragment = parse(`query ($t: Boolean!) { transaction { ...T } }
      fragment T on Transaction { token @skip(if: $t) { state } }`);
    for (const document of [direct, viaFragment]) {
      const info = infoOf(document, { t: true });
      const request: PlansByField = new WeakMap();
      plansOfField(info, request).set('entity:Transaction', { paths: ['token'], needs: 'object' });
      expect(request.get(info.fieldNodes)?.get('entity:Transaction')?.paths).toEqual(['token']);
      expect(plansOfField(info, new WeakMap()).size).toBe(0);
    }
  });

  it('shares them when the directives take literals', () => {
    const info = infoOf(parse('{ transaction { token @include(if: true) { state } } }'));
    plansOfField(info, new WeakMap()).set('entity:Transaction', { paths: [], needs: 'object' });
    expect(plansOfField(info, new WeakMap()).size).toBe(1);
  });

  it('keeps other values read from the selection the same way (keptForField)', () => {
    const plain = infoOf(parse('{ transaction { state } }'));
    let made = 0;
    const make = () => ({ made: ++made });
    expect(keptForField(plain, 'groups', make)).toBe(keptForField(plain, 'groups', make));
    expect(made).toBe(1);
    const conditional = infoOf(parse('query ($t: Boolean!) { transaction { state @include(if: $t) } }'), {
      t: true,
    });
    expect(keptForField(conditional, 'groups', make)).not.toBe(keptForField(conditional, 'groups', make));
    expect(made).toBe(3);
  });
});
