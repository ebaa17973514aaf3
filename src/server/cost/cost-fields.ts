// Fields the cost estimate counts by a rule of their own, each found from the catalog: by-credentials
// lookups, the acted-on object of a mutation payload, and exports.
import {
  getNamedType,
  isObjectType,
  type FieldNode,
  type GraphQLNamedType,
  type SelectionSetNode,
} from 'graphql';
import { mutationSpecs, operations, refName, resourceByModel } from '../../catalog';
import { payloadTypeName } from '../../resolvers';
import { defaultExportRows, EXPORT_FIELDS, exportPages, exportRows } from './export-rows';
import { isByCredentialsField } from '../access/operation-access';
import { operationsById } from '../../catalog';
import { fieldsOf, type FragmentLookup } from '../../shared/selection-walk';

const IDENTITY_FIELDS = new Set(['id', 'restId', '__typename']);

/** The type of the object a by-credentials lookup answers with (the GET of `.../by-credentials/{credentials}`). */
const byCredentialsObjectType: string | undefined = (() => {
  const op = operations.find(
    (o) => o.byCredentials && o.method === 'GET' && o.path.endsWith('{credentials}'),
  );
  const model = op?.response ? refName(op.response.schema) : undefined;
  return model ? resourceByModel.get(model)?.typeName : undefined;
})();

/** `Payload.field` of every payload's acted-on object (read after the write, one call). */
const actedOnFields = new Set(
  mutationSpecs.flatMap((s) => (s.objectField ? [`${payloadTypeName(s.name)}.${s.objectField}`] : [])),
);

/** A root field answered by a by-credentials lookup. */
export function isByCredentialsRoot(node: FieldNode): boolean {
  return node.name.value !== '__typename' && isByCredentialsField(node.name.value);
}

/**
 * How each field of a by-credentials answer (`transactionByCredentials`) is read, beside the lookup's own
 * call: the object the lookup returns came unexpanded, so its links are looked up; every other field
 * (mobileSdkUrl, oneClickTokens, paymentMethodConfigurations each call REST) is a call per row.
 */
export function byCredentialsFieldCalls(type: GraphQLNamedType, node: FieldNode): 'object' | 'call' | 'none' {
  if (!isObjectType(type) || IDENTITY_FIELDS.has(node.name.value)) return 'none';
  const def = type.getFields()[node.name.value];
  if (!def) return 'none';
  return getNamedType(def.type).name === byCredentialsObjectType ? 'object' : 'call';
}

/**
 * Whether a payload field is its mutation's acted-on object (`activateAccount { account { name } }`):
 * REST answered with nothing or another object, so reading it is one more call, unless only its key is
 * selected.
 */
export function isActedOnObject(parent: GraphQLNamedType, node: FieldNode): boolean {
  return actedOnFields.has(`${parent.name}.${node.name.value}`);
}

/** Whether a selection asks for more than an object's key (through fragments). */
export function selectsBeyondKey(set: SelectionSetNode | undefined, fragments: FragmentLookup): boolean {
  return fieldsOf(fragments, set).some((field) => !IDENTITY_FIELDS.has(field.name.value));
}

/**
 * The pages an export field (`transactionExport`) costs, a call per 100 rows it may carry, its `limit`
 * read from its arguments; undefined for any other field.
 */
export function exportFieldPages(
  parent: GraphQLNamedType,
  node: FieldNode,
  limitOf: (node: FieldNode) => unknown,
  maxRows: number,
): number | undefined {
  const operationId = EXPORT_FIELDS.get(`${parent.name}.${node.name.value}`);
  const defaultRows = defaultExportRows(operationId ? operationsById.get(operationId) : undefined);
  if (defaultRows === undefined) return undefined;
  return exportPages(exportRows(limitOf(node), defaultRows, maxRows));
}
