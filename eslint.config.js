// The lint gate (`npm run lint`, part of `npm test`). Besides the usual TypeScript rules it encodes
// the architecture, so that a wrong import fails CI instead of waiting for a review:
//   contract imports no workspace; paper imports only contract; bot never reaches into api;
//   in web, a feature never imports another feature (routes compose them), and lib/components
//   import no feature. Import cycles are found by dependency-cruiser (.dependency-cruiser.cjs).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Workspace imports a package may not make: `@app/<name>` and relative paths into its folder. */
const forbidWorkspaces = (names, message) => [
  'error',
  { patterns: [{ group: names.flatMap((n) => [`@app/${n}`, `@app/${n}/*`, `**/${n}/src/**`]), message }] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      'web/test-results/**',
      'web/playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      '**/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json'] })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: true, arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Stripping control characters from names and titles is deliberate.
      'no-control-regex': 'off',
      'import-x/no-self-import': 'error',
      // One file-naming convention in every package: kebab-case (dots separate roles: x.test.ts).
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Tests, stand-in servers and benchmarks read untyped JSON from the wire.
    files: ['**/test/**', '**/e2e/**', '**/bench/**', '**/fuzz/**', '**/dev/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Migrations are named by MikroORM's convention (Migration<date>_<n>_<name>).
    files: ['migrations/**'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': forbidWorkspaces(
        ['api', 'paper', 'bot', 'web'],
        'The contract is the bottom layer: it imports no workspace.',
      ),
    },
  },
  {
    files: ['paper/**'],
    rules: { 'no-restricted-imports': forbidWorkspaces(['api', 'bot', 'web'], 'The paper engine imports only @app/contract.') },
  },
  {
    files: ['bot/**'],
    rules: {
      'no-restricted-imports': forbidWorkspaces(
        ['api', 'paper', 'web'],
        'The bot talks to the API through its own deps, never its internals.',
      ),
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-imports': forbidWorkspaces(['api', 'paper', 'bot'], 'The web app speaks to the API only through @app/contract.'),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in a route (web/src/app).',
            })),
            {
              target: ['./web/src/lib', './web/src/components', './web/src/config'],
              from: './web/src/features',
              message: 'Shared code (lib, components, config) imports no feature.',
            },
          ],
        },
      ],
    },
  },
);
