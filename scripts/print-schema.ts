// Writes the GraphQL schema to schema.graphql (committed; `check:generated` fails on drift).
import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/schema/print';

writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema());
