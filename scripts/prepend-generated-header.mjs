// Marks a generated file so nobody edits it by hand.
import { readFileSync, writeFileSync } from 'node:fs';

const HEADER = '// generated, do not edit: produced by `npm run generate` from src/rest/openapi.json\n';
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith(HEADER)) writeFileSync(file, HEADER + text);
}
