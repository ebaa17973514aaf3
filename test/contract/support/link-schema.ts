// The response schemas as the sandbox must honour them: a link field comes back as the linked
// object's id unless it was expanded, so those fields are rewritten to accept either form. Link
// fields are the catalog `links` of entity models, and, in models that are not entities (action
// results such as a suspension), every property holding an entity (src/sandbox/expand.ts treats them
// alike). Nothing else is loosened.
import { openapi, refName, resourceByModel, resources, resourceOf, type JsonSchema, type OpenApiDocument } from '../../../src/catalog';

const PAGE = /(List|Search)Response$/;

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

/** Entity-typed properties of a model that is not an entity itself: links, as far as rendering goes. */
function entityProperties(schema: JsonSchema): { field: string; model: string; many: boolean }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
    const many = property.type === 'array';
    const model = refName(many ? property.items : property);
    return model && resourceByModel.has(model) ? [{ field, model, many }] : [];
  });
}

/** A deep copy of the OpenAPI document with every link field accepting the id form. */
export function withLinkIds(document: OpenApiDocument = openapi): OpenApiDocument {
  const copy = structuredClone(document);
  for (const [name, schema] of Object.entries(copy.components.schemas)) {
    // Entities hold their own links; pages (list and search responses) hold whole entities.
    if (resourceByModel.has(name) || PAGE.test(name)) continue;
    for (const link of entityProperties(schema)) {
      schema.properties![link.field] = linkProperty(schema.properties![link.field], link.model, link.many, `${name}.${link.field}`);
    }
  }
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
