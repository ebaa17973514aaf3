// ESLint: typescript-eslint's type-aware recommended rules on every TypeScript file of the project.
// Style is the formatters' alone, Biome's and Prettier's (eslint-config-prettier turns off every rule
// that would fight them).
// `npm run lint:code` (scripts/lint-code.mjs) runs ESLint once per area, each in a node process with a
// TypeScript program of its own files: over the whole project type-aware linting needs about 1 GB.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'src/api-types/generated/',
      'src/server/generated/',
      'examples/*/generated/',
      'test/operations/generated.ts',
      'bench/**/reports/',
    ],
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/*.ts', 'vitest.config.ts', 'codegen.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // scripts/lint-code.mjs gives each area a program of its own files (PAYGRAPH_LINT_TSCONFIG);
        // run on its own (an editor, `npx eslint`), each file gets the project's.
        ...(process.env.PAYGRAPH_LINT_TSCONFIG
          ? { project: process.env.PAYGRAPH_LINT_TSCONFIG }
          : { projectService: { allowDefaultProject: ['codegen.ts'] } }),
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // JSON values narrowed from `unknown` (type `{}`) are stringified on purpose: into error messages and
      // documents, as they came. Real object types (which would print "[object Object]") are still checked.
      '@typescript-eslint/no-base-to-string': [
        'error',
        { ignoredTypeNames: ['Error', 'RegExp', 'URL', 'URLSearchParams', '{}'] },
      ],
      // An operation's signal is an OperationSignal (src/server/context/operation-signal.ts), which
      // AbortSignal.any does not follow: join signals by listening, as withDeadline does.
      'no-restricted-properties': [
        'error',
        {
          object: 'AbortSignal',
          property: 'any',
          message: 'AbortSignal.any ignores an OperationSignal aborting: add an abort listener instead.',
        },
      ],
      // `_name` marks a parameter or binding kept for its position or to leave it out of a rest spread.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read and assert on untyped JSON (REST bodies, GraphQL results, documents) through `any`:
      // a wrong shape fails the assertion, which is the check; typing every body would only restate it.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    // Node's globals (scripts, bin and configs run on Node only).
    languageOptions: {
      globals: {
        module: 'writable',
        ...Object.fromEntries(
          [
            'console',
            'process',
            'URL',
            'Buffer',
            'performance',
            'fetch',
            'setTimeout',
            'clearTimeout',
            'setInterval',
            'clearInterval',
            'require',
          ].map((g) => [g, 'readonly']),
        ),
      },
    },
  },
  prettier,
);
