// How REST can tell afterwards whether a keyed write was carried out, read from the catalog's facts
// (never listed). The write path stamps and searches the marker; the error rules decide from it which
// mutations may answer OutcomeUnknownError.
import { bodyProperties, type MutationSpec } from './mutations';
import { schemas, type JsonSchema } from './openapi';
import { resourceByModel } from './resources';

export type MarkerField = 'metaData' | 'externalId';

const isString = (s: JsonSchema | undefined) => s?.type === 'string';
const isStringMap = (s: JsonSchema | undefined) =>
  s?.type === 'object' &&
  typeof s.additionalProperties === 'object' &&
  s.additionalProperties.type === 'string';

const fields = new Map<string, MarkerField | null>();

/**
 * The field the object of a mutation can carry its key's marker in, if any (read once per mutation):
 * an `externalId` string the body and the answered model both have, which REST keeps unique; else a
 * `metaData` map on a create. The answered model must be searchable: reconciling is a search for the marker.
 */
export function markerFieldOf(spec: MutationSpec): MarkerField | undefined {
  let field = fields.get(spec.name);
  if (field === undefined) {
    field = null;
    const result = spec.resultModel ? resourceByModel.get(spec.resultModel) : undefined;
    if (result?.ops.S && spec.body && !spec.kind.startsWith('bulk')) {
      const body = bodyProperties(spec.body.schema);
      const model = schemas[result.model]?.properties ?? {};
      if (isString(body.externalId) && isString(model.externalId)) field = 'externalId';
      else if (spec.kind === 'create' && isStringMap(body.metaData) && isStringMap(model.metaData))
        field = 'metaData';
    }
    fields.set(spec.name, field);
  }
  return field ?? undefined;
}

/**
 * How REST tells whether a keyed write of this mutation was carried out: the object's marker; REST
 * refusing a second application by itself (`guarded`: a delete; an update of a versioned object, which
 * carries its version); or nothing (the mutation may answer
 * OutcomeUnknownError).
 */
export function reconciliationOf(spec: MutationSpec): 'marker' | 'guarded' | 'none' {
  if (markerFieldOf(spec)) return 'marker';
  if (spec.kind === 'delete' || (spec.kind === 'update' && spec.resource?.versioned === true))
    return 'guarded';
  return 'none';
}
