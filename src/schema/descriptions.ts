// Descriptions of catalog-made types and fields: curated text of the catalog first, then the REST
// facts' own, then a generated sentence naming the REST field, so no field goes undocumented.
import { commonFieldDescriptions, fieldDescriptions, graphTypeName, type Resource } from '../catalog';

/** `authorizationTimeoutOn` -> `authorization timeout on`. */
function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The description of REST field `field` of `model`. */
export function fieldDescription(model: string, field: string, rest: string | undefined): string {
  const curated = fieldDescriptions[model]?.[field];
  if (curated) return curated;
  if (rest) return rest;
  const common = Object.hasOwn(commonFieldDescriptions, field) ? commonFieldDescriptions[field] : undefined;
  if (common) return common;
  const text = words(field);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} (REST field \`${field}\` of ${graphTypeName(model)}).`;
}

export function entityTypeDescription(resource: Resource): string {
  const model = resource.typeName === resource.model ? '' : `REST model ${resource.model}, `;
  const where = resource.spaceScoped ? 'space-scoped, under `Space`' : 'account-level';
  return `${resource.typeName}: an object of the REST API (${model}${resource.base}, ${where}); \`id\` is its global ID, \`restId\` its REST id.`;
}

export function embeddedTypeDescription(model: string): string {
  const name = graphTypeName(model);
  return `${name}: a REST object embedded in others${name === model ? '' : ` (REST ${model})`}; it has no endpoint of its own, so its REST id (if any) is \`restId\` and it has no global \`id\`.`;
}
