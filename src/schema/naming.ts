// Names of the graph derived from catalog names: fields, collections, enum values, id references.
import type { Link, Resource } from '../catalog';
import { linkedSpaceField, lowerFirst } from '../catalog';

export { lowerFirst };

export function upperFirst(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** English plural of a PascalCase or camelCase name (last word only). */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/** `Transaction` -> `transaction` (single lookup field). */
export function singularField(resource: Resource): string {
  return resource.fieldName;
}

/** `Transaction` -> `transactions`, `Country` -> `countries` (collection field). */
export function collectionField(resource: Resource): string {
  return plural(resource.fieldName);
}

/** `createdOn` -> `CREATED_ON` (enum value of an order field). */
export function constantCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** `/payment/transactions/{id}/charge-flow/payment-page-url` after the key -> `chargeFlowPaymentPageUrl`. */
export function camelFromSegments(segments: string[]): string {
  const words = segments.flatMap((s) => s.split('-')).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : upperFirst(w))).join('');
}

/** A graph link made from a plain REST id field: its field name, and where the raw id stays visible. */
export interface ReferenceNaming {
  restField: string;
  linkField: string;
  /** The GraphQL field carrying the raw id (`linkedTransactionId`); the REST name when it ends in Id. */
  rawField: string;
  target: string;
}

export function referenceNaming(restField: string, target: string): ReferenceNaming {
  if (restField.endsWith('Id') && restField.length > 2) {
    return { restField, linkField: restField.slice(0, -2), rawField: restField, target };
  }
  return { restField, linkField: restField, rawField: `${restField}Id`, target };
}

/** Id references of a resource: the catalog's, plus `linkedSpaceId` -> Space where the model has it. */
export function referencesOf(resource: Resource, hasProperty: (name: string) => boolean): ReferenceNaming[] {
  const refs: Link[] = [...resource.references];
  if (hasProperty(linkedSpaceField) && !refs.some((r) => r.field === linkedSpaceField)) {
    refs.push({ field: linkedSpaceField, model: 'Space', many: false });
  }
  return refs.filter((r) => hasProperty(r.field)).map((r) => referenceNaming(r.field, r.model));
}
