// The public name of a REST schema in the graph. REST names some models with a technical `Rest`
// prefix (RestCountry, RestCustomerEmailAddress); clients meet them without it. Where the plain name
// is taken by another schema, or the graph needs another name, annotations.ts says which.
import { typeNameOverrides } from './annotations';
import { schemas } from './openapi';

const PREFIX = /^Rest(?=[A-Z])/;

/** `RestCustomerEmailAddress` -> `CustomerEmailAddress`; overrides first, the prefix kept on a collision. */
export function graphTypeName(schemaName: string): string {
  const override = typeNameOverrides[schemaName];
  if (override) return override;
  const plain = schemaName.replace(PREFIX, '');
  if (plain !== schemaName && Object.hasOwn(schemas, plain)) {
    throw new Error(`${schemaName}: ${plain} is another schema; name it in typeNameOverrides`);
  }
  return plain;
}
