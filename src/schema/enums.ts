// Every enum of the REST facts is a GraphQL enum, including those only request bodies use, so the
// graph names each REST enum once whether an output, a filter or (later) an input refers to it.
import { schemas } from '../catalog';
import { enumRef } from './registry';

for (const [name, schema] of Object.entries(schemas)) if (schema.enum) enumRef(name);
