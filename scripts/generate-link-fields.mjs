// Writes src/api-types/generated/link-fields.ts from src/catalog/facts.json: per REST model, its link
// fields (true where the link is a list), so that `Unexpanded<Model>` can say which fields hold ids.
import { readFileSync, writeFileSync } from 'node:fs';

const facts = JSON.parse(readFileSync(new URL('../src/catalog/facts.json', import.meta.url), 'utf8'));
const byModel = new Map();
for (const { model, linkFields } of facts) {
  if (!model) continue;
  const links = byModel.get(model) ?? new Map();
  for (const { field, many } of linkFields) links.set(field, many);
  byModel.set(model, links);
}
const lines = [
  '// generated, do not edit: produced by `npm run generate` from src/catalog/facts.json',
  '/** Per REST model, its link fields (an id, or ids where `true`, unless expanded). */',
  'export interface LinkFields {',
];
for (const model of [...byModel.keys()].sort()) {
  const links = [...byModel.get(model)].sort(([a], [b]) => a.localeCompare(b));
  const fields = links.map(([field, many]) => `${field}: ${String(many)}`).join('; ');
  lines.push(`  ${model}: ${fields ? `{ ${fields} }` : '{}'};`);
}
lines.push('}', '');
writeFileSync(new URL('../src/api-types/generated/link-fields.ts', import.meta.url), lines.join('\n'));
