// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import drizzle from 'eslint-plugin-drizzle';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

/*
 * Architecture the linter enforces (docs/ARCHITECTURE.md):
 * - web features never import other features (shared code lives in components/, lib/, app/);
 * - packages/* never import apps/*;
 * - the skin engine does no I/O (only face/node-human.ts reads its bundled model files, in Node);
 * - every Drizzle delete/update has a where clause;
 * - the server's modules never import a plugin's file: what both need (errors, auth guards, the
 *   request's user) is the kernel, apps/server/src/http/, which imports no plugin and no module
 *   code (types only).
 * - no import cycles in the apps and packages (import-x/no-cycle; it skips `import type`).
 */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const FEATURE_BOUNDARY =
  'Features do not import each other; move what they share down to lib/ (server state: lib/api/) or components/.';
/** Packages are imported through their public entries (docs/ARCHITECTURE.md). */
const deepImports = {
  group: [
    '@lumiskin/*/*',
    '!@lumiskin/contract/*',
    '!@lumiskin/skin-engine/browser',
    '!@lumiskin/skin-engine/jpeg-encoding',
  ],
  message:
    'Import @lumiskin/skin-engine and @lumiskin/skin-advice through their entry (src/index.ts; the engine in a browser: @lumiskin/skin-engine/browser; a JPEG header reader without the engine: @lumiskin/skin-engine/jpeg-encoding); the contract through its named entries.',
};
const appsImports = {
  group: [
    '**/apps/**',
    '@lumiskin/server',
    '@lumiskin/server/*',
    '@lumiskin/web',
    '@lumiskin/web/*',
  ],
  message: 'packages/* must not depend on apps/*.',
};
const SERVER_KERNEL =
  'Modules do not import plugins: errors, guards and request context live in src/http/ (the kernel); a plugin decorates the app (app.x) instead.';
const ioModules = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'http',
  'node:http',
  'https',
  'node:https',
  'net',
  'node:net',
  'child_process',
  'node:child_process',
  'sharp',
  'pg',
  'drizzle-orm',
  'undici',
].map((name) => ({ name, message: 'The skin engine is pure: pixels in, results out, no I/O.' }));

/** The engine's modules above the metrics layer (scoring, findings, overlays, the engine). */
const ENGINE_TOP = [
  '../*',
  '!../image',
  '!../face',
  '!../metrics',
  '!../image/*',
  '!../face/*',
  '!../metrics/*',
];
/** A layer of the skin engine may import only the layers below it (docs/ARCHITECTURE.md). */
function engineLayer(layer, forbidden) {
  const dir = `packages/skin-engine/src/${layer}`;
  const layerRule = {
    group: forbidden,
    message: 'Skin-engine layers: image → face → metrics → scoring/engine; import only downwards.',
  };
  return [
    {
      files: [`${dir}/**/*.ts`],
      ignores: ['packages/skin-engine/src/face/node-human.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: ioModules, patterns: [appsImports, layerRule, deepImports] },
        ],
      },
    },
    ...(layer === 'face'
      ? [
          {
            files: ['packages/skin-engine/src/face/node-human.ts'],
            rules: {
              'no-restricted-imports': [
                'error',
                { patterns: [appsImports, layerRule, deepImports] },
              ],
            },
          },
        ]
      : []),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      '**/.tmp/**',
      '**/dev-dist/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/server/drizzle/**',
      'apps/web/android/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImports] }] },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appsImports, deepImports] }] },
  },
  {
    files: ['packages/skin-engine/src/**/*.ts'],
    ignores: ['packages/skin-engine/src/face/node-human.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ioModules, patterns: [appsImports, deepImports] },
      ],
    },
  },
  // The engine's layers: image → face → metrics → scoring and the engine; no back edge.
  ...engineLayer('image', [...ENGINE_TOP, '../face/*', '../metrics/*']),
  ...engineLayer('face', [...ENGINE_TOP, '../metrics/*']),
  ...engineLayer('metrics', ENGINE_TOP),
  {
    files: ['apps/web/src/{lib,components,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: FEATURE_BOUNDARY },
            deepImports,
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                `!@/features/${feature}`,
                '@/app/*',
                '../../*',
                '!../../api',
                '!../../components',
                '!../../routes',
                '!../../hooks',
                '!../../lib',
                '!../../utils',
              ],
              message: FEATURE_BOUNDARY,
            },
            deepImports,
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'trx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx', 'trx'] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/plugins', '**/plugins/*'], message: SERVER_KERNEL },
            deepImports,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/http/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins', '**/plugins/*', '**/modules/**'],
              allowTypeImports: true,
              message:
                'The kernel sits under modules and plugins: it imports neither (types only).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Loaded into the generated service worker (workbox importScripts).
    files: ['apps/web/public/push-sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One date format everywhere, the visitor's locale (issue 34): dates go through lib/format.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]",
          message: 'Format dates and numbers with lib/format.ts (the session locale).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: 'Format dates with lib/format.ts (the session locale).',
        },
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Format dates with lib/format.ts (the session locale).',
        },
      ],
    },
  },
);
