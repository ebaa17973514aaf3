// Every place of a schema that lacks a description: types, fields, arguments, input fields, enum values.
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';

export function undocumented(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const need = (where: string, text: string | null | undefined) => {
    if (!text || text.trim() === '') missing.push(where);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        need(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      void type;
    }
  }
  return missing;
}
