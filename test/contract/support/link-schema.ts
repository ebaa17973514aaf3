// The response schemas as the sandbox must honour them: a link field (catalog `links`) comes back as
// the linked object's id unless it was expanded, so the schema of every model that carries links is
// rewritten to accept either form for exactly those fields. Nothing else is loosened.
import { openapi, resources, resourceOf, type JsonSchema, type OpenApiDocument } from '../../../src/catalog';

type SchemaObject = JsonSchema & { anyOf?: SchemaObject[] };

/** The schema of the id by which `model` is linked: integer for numeric keys, string otherwise. */
export function idSchemaOf(model: string): SchemaObject {
  return resourceOf(model).key.type === 'long' ? { type: 'integer' } : { type: 'string' };
}

function eitherIdOr(model: string, objectSchema: SchemaObject): SchemaObject {
  return { anyOf: [idSchemaOf(model), objectSchema] };
}

/** Rewrites one property schema: `X` becomes `id | X`, `X[]` becomes `(id | X)[]`. */
function linkProperty(property: SchemaObject, model: string, many: boolean, where: string): SchemaObject {
  if (!many) {
    const { description, readOnly, ...object } = property;
    return { ...eitherIdOr(model, object), ...(description ? { description } : {}), ...(readOnly ? { readOnly } : {}) };
  }
  if (property.type !== 'array' || !property.items) throw new Error(`${where}: a many-link that is not an array schema`);
  return { ...property, items: eitherIdOr(model, property.items) };
}

/** A deep copy of the OpenAPI document with every link field accepting the id form. */
export function withLinkIds(document: OpenApiDocument = openapi): OpenApiDocument {
  const copy = structuredClone(document);
  for (const resource of resources) {
    const schema = copy.components.schemas[resource.model];
    for (const link of resource.links) {
      const property = schema?.properties?.[link.field];
      const where = `${resource.model}.${link.field}`;
      if (!property) throw new Error(`${where}: catalog names a link field the schema does not have`);
      schema.properties![link.field] = linkProperty(property, link.model, link.many, where);
    }
  }
  return copy;
}
