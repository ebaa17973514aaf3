// What the cost estimate knows of the schema's types, from the catalog: the resource a type is, the rows
// of a connection, which fields of an entity are REST properties (the others are extras, a call per
// row), and the links REST cannot expand, looked up in batches instead.
import { getNamedType, isObjectType, type FieldNode, type GraphQLNamedType } from 'graphql';
import { naturalLinks, resourceOf, resources, type Resource } from '../../catalog';
import { referencesOf } from '../../schema/naming';
import { propertiesOf } from '../../schema/shapes';

const IDENTITY_FIELDS = new Set(['id', 'restId', '__typename']);

const resourceByType = new Map<string, Resource>(resources.map((r) => [r.typeName, r]));

/** The resource a GraphQL type name is, if any. */
export function resourceOfType(name: string): Resource | undefined {
  return resourceByType.get(name);
}

const propertiesByModel = new Map<string, Set<string>>();

/** The REST properties of a resource, as the schema reads them (its other fields are extras). */
function restProperties(resource: Resource): Set<string> {
  let found = propertiesByModel.get(resource.model);
  if (!found) {
    found = new Set(propertiesOf(resource.model).map((p) => p.name));
    propertiesByModel.set(resource.model, found);
  }
  return found;
}

/**
 * Links REST cannot expand, by `Type.field`: plain id fields (`linkedTransactionId` -> `linkedTransaction`)
 * and natural keys (`customerId` -> `customer`). Their targets are looked up in batches per space.
 */
export const lookedUpLinks: Map<string, Resource> = new Map([
  ...resources.flatMap((r) =>
    referencesOf(r, (name) => restProperties(r).has(name)).map(
      (ref) => [`${r.typeName}.${ref.linkField}`, resourceOf(ref.target)] as const,
    ),
  ),
  ...naturalLinks.map((l) => [`${resourceOf(l.model).typeName}.${l.name}`, resourceOf(l.target)] as const),
]);

/** The resource of a connection's rows (its `nodes`), if any. */
export function rowResource(connection: GraphQLNamedType): Resource | undefined {
  if (!isObjectType(connection)) return undefined;
  const nodes = connection.getFields().nodes;
  return nodes ? resourceByType.get(getNamedType(nodes.type).name) : undefined;
}

/** Children with no search of their own (lists under their parent's path) cost one call per parent. */
export function perParent(resource: Resource | undefined): boolean {
  return resource !== undefined && (resource.parent !== undefined || !resource.ops.S);
}

/** The abstract types of the lookups: any Node, or Federation's union of every entity. */
const ANY_ENTITY = new Set(['Node', '_Entity']);

/** Whether a type is an entity, or one of the lookups' abstract types. */
export function isEntityType(type: GraphQLNamedType): boolean {
  return ANY_ENTITY.has(type.name) || resourceByType.has(type.name);
}

/** A field of an entity that is not a REST property of it: an extra, one REST call per row. */
export function isExtra(parent: GraphQLNamedType, node: FieldNode): boolean {
  const owner = resourceByType.get(parent.name);
  return (
    owner !== undefined &&
    !IDENTITY_FIELDS.has(node.name.value) &&
    !restProperties(owner).has(node.name.value)
  );
}
