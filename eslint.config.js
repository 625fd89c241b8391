// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';

// The web app's layers import one way: shared code (lib, components, hooks, i18n) → features → app. The
// features are read from their folder, so a new feature is fenced in the day it is created.
const web = './apps/web/src';
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaries = [
  // The shared package is imported by both sides and imports neither.
  { target: './packages/shared', from: './apps' },
  // The web app never imports the API, and the API never imports the web app.
  { target: './apps/web', from: './apps/api' },
  { target: './apps/api', from: './apps/web' },
  // The API's search reads listings through db/card-sql.ts; products call search, never the other way round.
  {
    target: './apps/api/src/modules/search',
    from: './apps/api/src/modules/products',
    message: 'Search never imports products: what both need lives in db/ or lib/ (products may call search).',
  },
  // A web feature never imports another feature (bulletproof-react).
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to lib/, components/ or hooks/, or compose them in app/.',
  })),
  // Shared web code never imports a feature or the app.
  ...['lib', 'components', 'hooks', 'i18n', 'sw', 'styles'].map((shared) => ({
    target: `${web}/${shared}`,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code never imports a feature or the app.',
  })),
];
// The API's modules sit in layers (apps/api/src/modules/layers.json, decision 053): shared services → domains →
// flows → admin. A module imports only its own layer or below, and another module only through its public file
// (index.ts); layers.test.ts also checks that every module has a layer and that no imports go round in a circle.
const apiModules = './apps/api/src/modules';
/** @type {Record<string, string[]>} */
const apiLayers = JSON.parse(readFileSync(new URL(`${apiModules}/layers.json`, import.meta.url), 'utf8'));
const layerNames = Object.keys(apiLayers);
const apiLayerZones = layerNames.slice(0, -1).flatMap((layer, index) =>
  (apiLayers[layer] ?? []).map((module) => ({
    target: `${apiModules}/${module}`,
    from: layerNames
      .slice(index + 1)
      .flatMap((above) => (apiLayers[above] ?? []).map((name) => `${apiModules}/${name}`)),
    message: `An API module imports only its own layer or below (${layerNames.join(' → ')}); ${module} is in ${layer}. Pass what it needs down from app.ts, as products' listing hooks do.`,
  })),
);
// Features never import the app; their tests may render the app's routes and guards around them.
const featureToApp = {
  target: `${web}/features`,
  from: `${web}/app`,
  message: 'A feature never imports the app: the app composes features.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    // The boundary rule resolves each import to a file; without the TypeScript extensions it would skip them.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Each package declares what it imports (its own package.json; the root's development tools, such as
  // vitest, for its tests); tests, benches, scripts and configuration may use development dependencies.
  ...['packages/shared', 'apps/api', 'apps/web', 'e2e'].map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [new URL(`./${workspace}`, import.meta.url).pathname, import.meta.dirname],
          devDependencies: [
            '**/*.test.{ts,tsx}',
            '**/*.spec.ts',
            '**/test/**',
            '**/testing/**',
            '**/test-fixtures.ts',
            '**/bench/**',
            '**/scripts/**',
            'e2e/**',
            '**/*.config.ts',
            '**/sw/**',
          ],
          includeTypes: true,
        },
      ],
    },
  })),
  {
    // One way to toast: lib/toast.ts (issue 31).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/web/src/test/**',
      'apps/web/src/lib/toast.ts',
      'apps/web/src/app/providers.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message: "Toasts go through lib/toast.ts: import { toast } from '.../lib/toast'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, featureToApp] }] },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...apiLayerZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index$)',
              message: "Another module is imported through its public file: '../<module>/index'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Fastify route plugins are async functions by contract, whether or not they await anything.
    files: ['apps/api/src/modules/**/*routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read JSON replies (`response.json()` is `any` by design) and assert on them.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', 'apps/api/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
