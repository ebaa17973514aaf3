// Read-only extras that follow one pattern become fields of their entity, generated from the facts:
// a GET on `<base>/{key}/<words>` whose only path parameter is the object's key. The words name the
// field (`/payment/transactions/{id}/payment-page-url` -> Transaction.paymentPageUrl), the query
// parameters (except `expand`) become arguments. Paged extras are hand-written (subscription-invoices.ts).
import { parameterEnums, resources, type Operation, type Resource } from '../../catalog';
import { callExtra } from '../../resolvers';
import { entityMeta, type Entity } from '../../resolvers/entity';
import { builder } from '../builder';
import { dynamicArg, dynamicField, type Input } from '../dynamic';
import { camelFromSegments } from '../naming';
import { entityRef, outputOf } from '../registry';
import { shapeOf } from '../shapes';
import { queryFrom, resultShape, resultType, toResult } from './results';

const PAGING = new Set(['offset', 'limit', 'after', 'before']);

/** The field name of an extra that fits the pattern, else undefined. */
export function extraFieldName(resource: Resource, op: Operation): string | undefined {
  if (op.method !== 'GET' || op.pathParams.length !== 1) return undefined;
  if (op.queryParams.some((p) => PAGING.has(p.name))) return undefined;
  const prefix = `${resource.base}/{${op.pathParams[0].name}}/`;
  if (!op.path.startsWith(prefix)) return undefined;
  const rest = op.path.slice(prefix.length).split('/');
  if (rest.some((s) => s.includes('{'))) return undefined;
  return camelFromSegments(rest);
}

function argsOf(t: { arg: unknown }, op: Operation) {
  const params = op.queryParams.filter((p) => p.name !== 'expand');
  return Object.fromEntries(
    params.map((p) => {
      const closed = Object.hasOwn(parameterEnums, p.name) ? parameterEnums[p.name] : undefined;
      const { shape, list } = closed ? { shape: { kind: 'enum' as const, name: closed }, list: false } : shapeOf(p.schema);
      const type = outputOf(shape) as Input;
      return [
        p.name,
        dynamicArg(t.arg, {
          type,
          list,
          required: p.required ?? false,
          description: p.schema.description ?? `The REST query parameter \`${p.name}\`.`,
        }),
      ];
    }),
  );
}

function extraField(t: { arg: unknown }, resource: Resource, op: Operation) {
  const result = resultShape(op);
  const pathParam = op.pathParams[0].name;
  return dynamicField<Entity>(t, {
    type: resultType(result),
    list: result.list,
    args: argsOf(t, op),
    description: `REST ${op.method} ${op.path}.`,
    remote: true,
    keyOnly: true,
    resolve: async (parent, args, ctx) => {
      const space = entityMeta(parent).space;
      const body = await callExtra(ctx, op.operationId, {
        space: op.spaceScoped ? space : null,
        path: { [pathParam]: parent[resource.key.field] },
        query: queryFrom(args),
      });
      return toResult(body, result, space);
    },
  });
}

/** Every generated extra field: resource, field name, operation. */
export const generatedExtras = resources.flatMap((resource) =>
  resource.extras.flatMap((op) => {
    const name = extraFieldName(resource, op);
    return name ? [{ resource, name, op }] : [];
  }),
);

for (const resource of resources) {
  const mine = generatedExtras.filter((e) => e.resource === resource);
  if (mine.length === 0) continue;
  builder.objectFields(entityRef(resource.model), (t) => Object.fromEntries(mine.map((e) => [e.name, extraField(t, resource, e.op)])));
}
