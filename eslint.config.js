// Lint rules, including the import rules of STYLE.md:
// - shared/ imports nothing from api/, workers/ or web/ (it holds contracts and pure logic);
// - web/ imports nothing from api/ or workers/ (no server or database code in the browser);
// - api/ never imports workers/ (workers may use the api's data layer, not the other way);
// - a web feature never imports another feature (features/<a> → features/<b> is refused).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const serverPackages = ['@og/api', '@og/api/*', '@og/workers', '@og/workers/*'];
const serverOnlyModules = ['pg', 'pg-*', 'ioredis', 'bullmq', 'koa', 'koa-*', '@koa/*', 'socket.io', 'node:*'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./api', './workers', './web'], message: 'shared/ holds contracts and pure logic only.' },
            { target: './web', from: ['./api', './workers'], message: 'No server code in the browser bundle.' },
            { target: './api', from: ['./workers', './web'], message: 'The api does not import workers or web code.' },
            ...features.map((feature) => ({
              target: `./${featuresDir}/${feature}`,
              from: `./${featuresDir}`,
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to web/src/components or web/src/lib.',
            })),
          ],
        },
      ],
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
    files: ['web/**/*.{ts,tsx}'],
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
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...serverPackages, ...serverOnlyModules], message: 'No server code in the browser bundle.' },
            { group: ['**/features/*/**', '!./**', '!../**'], message: 'Features do not import each other.' },
          ],
        },
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
    files: ['api/src/config/**/*.ts', 'infra/**/*.{js,ts}', 'tests/**/*.ts', '*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
