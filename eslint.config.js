// Lint rules, including the import rules of STYLE.md:
// - shared/ imports nothing from api/, workers/ or web/ (it holds contracts and pure logic);
// - web/ imports nothing from api/ or workers/ (no server or database code in the browser);
// - api/ never imports workers/; workers/ use only the server core api/package.json exports, and
//   never the HTTP side (Koa, socket.io's server or its Redis adapter: workers emit through Redis);
// - a web feature never imports another feature (features/<a> → features/<b> is refused).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './infra/lint/import-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverPackages = ['@og/api', '@og/api/*', '@og/workers', '@og/workers/*'];
const serverOnlyModules = ['pg', 'pg-*', 'ioredis', 'bullmq', 'koa', 'koa-*', '@koa/*', 'socket.io', 'node:*'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries: { rules: { 'import-boundaries': importBoundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in api/src/config (STYLE.md: no process.env outside the config module).',
        },
      ],
      'boundaries/import-boundaries': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: [...serverPackages, '@og/web', '@og/web/*', ...serverOnlyModules], message: 'shared/ holds contracts and pure logic only.' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: [...serverPackages, ...serverOnlyModules], message: 'No server code in the browser bundle.' }] },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@og/workers', '@og/workers/*', '@og/web', '@og/web/*'], message: 'The api does not import workers or web code.' }] },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@og/web', '@og/web/*'], message: 'Workers do not import web code.' },
            { group: ['socket.io', '@socket.io/redis-adapter', 'koa', 'koa-*', '@koa/*'], message: 'Workers emit job events through Redis (@socket.io/redis-emitter); the HTTP side stays in the api.' },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/config/**/*.ts', 'infra/**/*.{js,ts}', 'tests/**/*.{ts,mjs}', '*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
