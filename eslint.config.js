// The import-boundary table of ARCHITECTURE.md, enforced: who may import what.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const restrict = (names, patterns, why, more = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.map((name) => ({ name, message: why })),
      patterns: [...patterns.map((group) => ({ group: [group], message: why })), ...more],
    },
  ],
});
const renderer = [
  [...nodeBuiltins, 'electron', 'electron-store', 'fastify', 'pg', 'drizzle-orm', 'axios'],
  ['node:*', '**/server/**', '**/electron/**'],
  'renderer/ sees only shared/, react, antd, redux and i18next; the main process is reached through window.pos.',
];
// A feature never reaches into another (features are one folder deep, so '../x/' is another one):
// what two features share lives in renderer/components, and only renderer/app routes to features.
const featuresApart = (regex) => [
  {
    regex,
    message:
      'Features import no other feature, nor do shared components: what two features share lives in renderer/components.',
  },
];

// Issue 26 (the till testable), its own entry: features and shared components never import renderer/app, the
// shell that imports them; the store, sign-in and station state they read live in renderer/store.
const notUpIntoApp = [
  {
    regex: '^(\\.\\./)+app(/|$)',
    message: 'Features and shared components do not import renderer/app (it imports them): use renderer/store.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-electron',
      'dist-server',
      'release',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      'tests/.artifacts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      [...nodeBuiltins, 'electron', 'react', 'react-dom', 'antd', 'fastify', 'pg', 'drizzle-orm'],
      ['node:*', '**/server/**', '**/electron/**', '**/renderer/**', 'react/*', 'antd/*', 'drizzle-orm/*'],
      'shared/ is pure TypeScript: zod and pure libraries only (ARCHITECTURE.md).',
    ),
  },
  {
    files: ['server/**'],
    rules: restrict(
      ['electron', 'react', 'antd'],
      ['**/electron/**', '**/renderer/**'],
      'server/ may import shared/, node, fastify, drizzle and pg only (ARCHITECTURE.md).',
    ),
  },
  {
    files: ['electron/**'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/electron/**'],
    rules: restrict(
      ['electron', 'electron-store', 'react', 'antd'],
      ['**/server/**', '**/renderer/**'],
      'electron is imported only in electron/main.ts, electron/preload.ts and electron/platform/electron/ (ARCHITECTURE.md).',
    ),
  },
  {
    // The services run in plain Node (browser mode, tests): they reach Electron only through the ports.
    files: ['electron/services/**'],
    rules: restrict(
      ['electron', 'electron-store', 'react', 'antd'],
      ['**/server/**', '**/renderer/**', '**/platform/electron/**'],
      'electron/services/ is plain Node: Electron, server/, renderer/ and electron/platform/electron/ are out of bounds (use the ports in electron/platform/ports.ts).',
    ),
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/electron/**'],
    rules: restrict(
      ['react', 'antd'],
      ['**/server/**', '**/renderer/**'],
      'The main process never imports server/ or renderer/.',
    ),
  },
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(...renderer),
  },
  {
    files: ['renderer/features/**'],
    rules: restrict(...renderer, [...featuresApart('^\\.\\./[^./]|/features/'), ...notUpIntoApp]),
  },
  {
    files: ['renderer/components/**'],
    rules: restrict(...renderer, [...featuresApart('/features/'), ...notUpIntoApp]),
  },
);
