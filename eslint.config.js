import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ONLY_DB_IMPORTS_THE_ORM = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only db/ imports the ORM.',
};
// The web's floors: app/ (router, providers) sits on top and composes the rest; features do not import each
// other; what more than one of them needs lives below them, in components/, lib/ or @store/core.
const FEATURES_DO_NOT_IMPORT_EACH_OTHER = {
  group: ['**/features/*/**', '../../features/**'],
  message: 'Features do not import each other; move shared code down.',
};
const NOTHING_BELOW_IMPORTS_APP = {
  group: ['**/app/*', '**/app/**'],
  message:
    'Only app/ composes the app: features/, components/ and lib/ do not import from it; move shared code down.',
};
// db/ is below the services, and the gateway adapter beside db/: neither reaches up into what uses it.
const DB_BELOW_SERVICES = {
  group: ['**/services/*', '**/services/**'],
  message: 'db/ sits below the services: pass what it needs in, or move the rule down.',
};
const GATEWAY_APART = {
  group: ['**/db/*', '**/db/**', '**/services/*', '**/services/**'],
  message: 'The gateway adapter speaks to the gateway only: the services call it and keep the books.',
};
const NO_HTTP_BELOW = {
  group: ['**/http/*', '**/routes/*', '**/routes/**', 'fastify'],
  message: 'Services, the gateway adapter and db/ know nothing of HTTP: throw an AppError (errors.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [FEATURES_DO_NOT_IMPORT_EACH_OTHER] }],
    },
  },
  {
    files: ['apps/web/src/{features,components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [FEATURES_DO_NOT_IMPORT_EACH_OTHER, NOTHING_BELOW_IMPORTS_APP] },
      ],
    },
  },
  // The server's floors: only db/ speaks to the ORM; services, the gateway adapter and db/ know nothing of
  // HTTP (http/, routes/), so that a rule is written once and every caller (routes, upkeep, the CLI) gets it.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/services/**', 'apps/server/src/gateway/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONLY_DB_IMPORTS_THE_ORM] }] },
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONLY_DB_IMPORTS_THE_ORM, NO_HTTP_BELOW] }] },
  },
  {
    files: ['apps/server/src/gateway/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [ONLY_DB_IMPORTS_THE_ORM, NO_HTTP_BELOW, GATEWAY_APART] },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_HTTP_BELOW, DB_BELOW_SERVICES] }] },
  },
  // No module imports itself back through others: oxlint's import/no-cycle (.oxlintrc.json), which follows
  // the whole tree's imports in a fraction of a second.
  // What the server reports goes through its logger (passed in as `log`), where the operator reads it;
  // only the process's entry points and its command-line tools write to the terminal themselves.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/main.ts',
      'apps/server/src/server.ts',
      'apps/server/src/cli/**',
      'apps/server/src/testing/**',
      'apps/server/src/runs/**',
      'apps/server/src/db/test-database.ts',
    ],
    rules: { 'no-console': ['error', { allow: ['none'] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['ip', 'ips'].map((property) => ({
          object: 'request',
          property,
          message: 'Use request.clientAddress: always a valid IP (http/client-address.ts).',
        })),
      ],
    },
  },
);
