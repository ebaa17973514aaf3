// Read-only extras that follow one pattern become fields of their entity, generated from the facts:
// a GET on `<base>/{key}/<words>` whose only path parameter is the object's key. The words name the
// field (`/payment/transactions/{id}/payment-page-url` -> Transaction.paymentPageUrl), the query
// parameters (except `expand`) become arguments. Paged extras are hand-written (subscription-invoices.ts).
import { extraStates, parameterEnums, resources, type Operation, type Resource } from '../../catalog';
import { addWarning, callExtra, type GraphContext } from '../../resolvers';
import { entityMeta, type Entity } from '../../resolvers/entity';
import { builder } from '../builder';
import { dynamicArg, dynamicField, type ArgBuilder, type FieldBuilder, type Input } from '../dynamic';
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

function argsOf(t: { arg: ArgBuilder }, op: Operation) {
  const params = op.queryParams.filter((p) => p.name !== 'expand');
  return Object.fromEntries(
    params.map((p) => {
      const closed = Object.hasOwn(parameterEnums, p.name) ? parameterEnums[p.name] : undefined;
      const { shape, list } = closed
        ? { shape: { kind: 'enum' as const, name: closed }, list: false }
        : shapeOf(p.schema);
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

/** REST refusals that say the extra does not apply to this object (in its state, or at all). */
const DOES_NOT_APPLY = new Set(['UNPROCESSABLE', 'NOT_FOUND']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

function describeExtra(resource: Resource, op: Operation, name: string): string {
  const states = extraStates[op.operationId];
  const when = states
    ? ` Null unless the ${resource.typeName} is ${states.join(', ')} (no REST call then).`
    : '';
  return `REST ${op.method} ${op.path}.${when} Null, with one warning in \`extensions.warnings\`, where REST says it does not apply (\`${name}\` of many rows: one warning).`;
}

function extraField(t: FieldBuilder<Entity>, resource: Resource, op: Operation, name: string) {
  const result = resultShape(op);
  const pathParam = op.pathParams[0].name;
  const states = extraStates[op.operationId];
  return dynamicField<Entity>(t, {
    type: resultType(result),
    list: result.list,
    args: argsOf(t, op),
    description: describeExtra(resource, op, name),
    remote: true,
    // An extra that applies only in some states reads the state, so its parent must be loaded.
    keyOnly: !states,
    resolve: async (parent, args, ctx: GraphContext, info) => {
      if (states && typeof parent.state === 'string' && !states.includes(parent.state)) return null;
      const space = entityMeta(parent).space;
      try {
        const body = await callExtra(ctx, op.operationId, {
          space: op.spaceScoped ? space : null,
          path: { [pathParam]: parent[resource.key.field] },
          query: queryFrom(args),
        });
        return toResult(body, result, space);
      } catch (error) {
        const code = codeOf(error);
        if (!code || !DOES_NOT_APPLY.has(code)) throw error;
        addWarning(
          ctx,
          info,
          code,
          `${resource.typeName}.${name}: REST says it does not apply to some objects; they answer null.`,
        );
        return null;
      }
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
  builder.objectFields(entityRef(resource.model), (t) =>
    Object.fromEntries(mine.map((e) => [e.name, extraField(t, resource, e.op, e.name)])),
  );
}
