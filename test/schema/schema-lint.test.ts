// The committed schema through graphql-eslint, as a client team's linter sees it: `require-description`
// on every type, field, argument, input field, enum value and directive, and `strict-id-in-types`
// (every object type has exactly one `id: ID!`) with the exceptions below, each with its reason. Both
// answer 0 problems; the README's "Schema lint" section lists the same exceptions and counts.
import { readFileSync } from 'node:fs';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { ESLint } from 'eslint';
import { buildSchema, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphTypeName, resourceByModel, schemas } from '../../src/catalog';

const SCHEMA_FILE = 'schema.graphql';
const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));

/** Suffixes of types that are parts of an answer, not objects with an identity. */
const SUFFIXES: Record<string, string> = {
  Payload: "a mutation's result: it holds the objects written, each with its id",
  Connection: 'a page of a list',
  Edge: 'one object of a page and its cursor',
  Error: "a mutation's typed error: a value of the answer",
};

/** Types the graph makes from fields of an object, or that answer one request: values, not objects. */
const GRAPH_VALUES: Record<string, string> = {
  PageInfo: 'where a page is in its list',
  Money: "an amount with its object's currency",
  LocalizedString: "a localized text of its object (the request's language and every translation)",
  Translation: 'one language of a LocalizedString',
  FieldProblem: 'one invalid input field of a ValidationError',
  TransactionByCredentials: 'what transaction credentials give access to (the transaction has its own id)',
  TransactionExport: 'the answer of one CSV export',
  TransactionExportRow:
    'one row of a CSV export, holding only the columns asked for (its transaction is `restId` when ID is one)',
  _Service: "Apollo Federation's answer to a gateway asking for the subgraph SDL",
};

/** REST objects embedded in others to which REST gives no id (an address, a line item, a tax): values. */
const restValues = Object.entries(schemas)
  .filter(([model, s]) => s.properties && !s.properties.id && !resourceByModel.has(model))
  .map(([model]) => graphTypeName(model))
  .filter((name) => isObjectType(schema.getType(name)) && !(name in GRAPH_VALUES))
  .sort();

async function lint(): Promise<ESLint.LintResult> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.graphql'],
        languageOptions: {
          parser: graphqlPlugin.parser,
          parserOptions: { graphQLConfig: { schema: SCHEMA_FILE } },
        },
        plugins: { '@graphql-eslint': graphqlPlugin as unknown as ESLint.Plugin },
        rules: {
          '@graphql-eslint/require-description': [
            'error',
            {
              types: true,
              rootField: true,
              FieldDefinition: true,
              InputValueDefinition: true,
              EnumValueDefinition: true,
              DirectiveDefinition: true,
            },
          ],
          '@graphql-eslint/strict-id-in-types': [
            'error',
            {
              exceptions: {
                suffixes: Object.keys(SUFFIXES),
                types: [...Object.keys(GRAPH_VALUES), ...restValues],
              },
            },
          ],
        },
      },
    ],
  });
  const [result] = await eslint.lintFiles([SCHEMA_FILE]);
  return result;
}

describe('graphql-eslint over schema.graphql', () => {
  it('finds 0 problems: every element described, every object type with one id: ID! or a listed reason not to', async () => {
    const result = await lint();
    expect(result.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)).toEqual([]);
  }, 60_000);

  it('lists only exceptions that are needed: each named type exists and has no id', () => {
    for (const name of [...Object.keys(GRAPH_VALUES), ...restValues]) {
      const type = schema.getType(name);
      expect(isObjectType(type), name).toBe(true);
      if (isObjectType(type)) expect(type.getFields().id, name).toBeUndefined();
    }
  });

  it('matches the README: the exceptions, by reason', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(
      readme.indexOf('### Schema lint'),
      readme.indexOf('\n## ', readme.indexOf('### Schema lint')),
    );
    for (const name of [...Object.keys(SUFFIXES), ...Object.keys(GRAPH_VALUES), ...restValues])
      expect(section, name).toContain(`\`${name}\``);
    expect(section).toContain(`${restValues.length} REST objects without an id`);
  });
});
