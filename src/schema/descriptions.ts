// Descriptions of catalog-made types and fields: curated text of the catalog first, then the REST
// facts' own, then a generated sentence naming the REST field, so no field goes undocumented.
import {
  commonFieldDescriptions,
  enumValueDescriptions,
  fieldDescriptions,
  graphTypeName,
  type Resource,
} from '../catalog';

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

/** The description of value `value` of REST enum `name`: the catalog's curated text, else a sentence naming it. */
export function enumValueDescription(name: string, value: string): string {
  const curated = enumValueDescriptions[name]?.[value];
  if (curated) return curated;
  const text = value.toLowerCase().replace(/_/g, ' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} (REST value \`${value}\` of ${graphTypeName(name)}).`;
}

export function entityTypeDescription(resource: Resource): string {
  const model = resource.typeName === resource.model ? '' : `REST model ${resource.model}, `;
  const where = resource.spaceScoped ? 'space-scoped, under `Space`' : 'account-level';
  return `${resource.typeName}: an object of the REST API (${model}${resource.base}, ${where}); \`id\` is its global ID, \`restId\` its REST id.`;
}

export function embeddedTypeDescription(model: string, hasRestId: boolean): string {
  const name = graphTypeName(model);
  const what = `${name}: a REST object embedded in others${name === model ? '' : ` (REST ${model})`}; it has no endpoint of its own`;
  return hasRestId
    ? `${what}. \`restId\` is its REST id, \`id\` a global ID for caches (\`node(id:)\` cannot read it).`
    : `${what} and no REST id: a value, not an object with an identity.`;
}
