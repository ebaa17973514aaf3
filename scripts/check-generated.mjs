// Regenerates every generated file and fails when the committed copy differs (drift). The README's
// configuration table is checked in place first (the README is also written by hand).
import { execSync } from 'node:child_process';

try {
  execSync('npx tsx scripts/config-table.ts --check', { stdio: 'inherit' });
} catch {
  process.exit(1);
}

const GENERATED = [
  'src/api-types/generated/openapi.ts',
  'src/api-types/generated/link-fields.ts',
  'schema.graphql',
  'src/server/generated/example-operations.ts',
  'examples/typed-client/generated/graphql.ts',
  'examples/clients/generated/graphql.ts',
  'examples/clients/generated/possible-types.ts',
  'examples/clients/generated/schema-shape.ts',
  'examples/clients/generated/urql-schema.ts',
  'test/operations/generated.ts',
];
execSync('npm run -s generate', { stdio: 'inherit' });
const present = GENERATED.filter((f) => {
  try {
    execSync(`git ls-files --error-unmatch ${f}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
const diff = execSync(`git status --porcelain -- ${GENERATED.join(' ')}`, { encoding: 'utf8' }).trim();
if (diff) {
  console.error('generated files drifted from their sources; run `npm run generate` and commit:\n' + diff);
  process.exit(1);
}
console.log(`generated files are up to date (${present.join(', ')})`);
