// The schema's depth, breadth and complexity limits (src/server/cost/complexity-limits.ts), as the
// cost step measures them: the refusal names the measure, its value and the limit; the operation
// measured is the one named, and its variables count. Served (refused before execution, no REST
// call): cost.test.ts.
import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { complexityLimits, complexityRefusal } from '../../src/server/cost/complexity-limits';
import { schema } from '../../src/schema';

/** `levels` times customers -> nodes -> linkedSpace below a space: 3 levels of depth each. */
function deep(levels: number): string {
  let inner = 'restId';
  for (let i = 0; i < levels; i++) inner = `customers(first: 1) { nodes { linkedSpace { ${inner} } } }`;
  return `query Deep($s: ID!) { space(id: $s) { ${inner} } }`;
}

const WIDE = `query Wide($n: Int!) { spaces(first: $n) { nodes {
  transactions(first: $n) { nodes { completions(first: $n) { nodes { restId state } } } } } } }`;

function refusalOf(source: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const document = parse(source);
  const operation = getOperationAST(document, operationName)!;
  return complexityRefusal(schema, document, operation, variables);
}

describe('complexity limits, measured', () => {
  it('refuses an operation deeper than the limit, naming the measure, its value and the limit', () => {
    expect(refusalOf(deep(4), { s: '1' })).toBeUndefined();
    const refusal = refusalOf(deep(6), { s: '1' });
    expect(refusal?.extensions).toMatchObject({ code: 'COST_LIMIT_EXCEEDED', kind: 'depth', limit: 16 });
    expect(refusal?.extensions.value).toBeGreaterThan(complexityLimits.depth);
  });

  it('counts the page sizes the variables ask for', () => {
    expect(refusalOf(WIDE, { n: 5 })).toBeUndefined();
    expect(refusalOf(WIDE, { n: 100 })?.extensions).toMatchObject({ kind: 'complexity', limit: 50_000 });
  });

  it('measures the operation named, with the fragments of its document', () => {
    const source = `query Small { spaces(first: 1) { nodes { restId } } }
      query Big { ...Wide }
      fragment Wide on Query { spaces(first: 100) { nodes {
        transactions(first: 100) { nodes { completions(first: 100) { nodes { restId } } } } } } }`;
    expect(refusalOf(source, {}, 'Small')).toBeUndefined();
    expect(refusalOf(source, {}, 'Big')?.extensions.kind).toBe('complexity');
  });

  it('leaves variables that do not coerce to execution', () => {
    expect(refusalOf(WIDE, { n: 'many' })).toBeUndefined();
  });

  it('reads only the variables that page sizes depend on (a mutation input is not coerced for it)', () => {
    const source = `mutation Create($input: CreateCustomerInput!, $n: Int!) {
      createCustomer(input: $input) { ... on CreateCustomerPayload { customer { linkedSpace {
        transactions(first: $n) { nodes { completions(first: $n) { nodes { restId state createdOn } }
          refunds(first: $n) { nodes { restId state createdOn } } } }
      } } } } }`;
    // An input that would not coerce does not hide what the page sizes make of the selection.
    expect(refusalOf(source, { input: { notAField: true }, n: 5 })).toBeUndefined();
    expect(refusalOf(source, { input: { notAField: true }, n: 100 })?.extensions.kind).toBe('complexity');
  });
});
