import fs from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's layers: a feature imports no other feature (pages combining features live in app/routes/),
// and lib/ and components/ import neither app/ nor features/.
const features = fs.readdirSync('web/src/features');
const featureType = (feature) => `feature:${feature}`;
const webElements = [
  { type: 'app', pattern: 'web/src/app' },
  { type: 'lib', pattern: 'web/src/lib' },
  { type: 'components', pattern: 'web/src/components' },
  ...features.map((feature) => ({ type: featureType(feature), pattern: `web/src/features/${feature}` })),
];
const webPolicies = [
  ...features.map((feature) => ({
    from: { element: { type: featureType(feature) } },
    disallow: { to: { element: { types: { anyOf: features.filter((other) => other !== feature).map(featureType) } } } },
  })),
  {
    from: { element: { types: { anyOf: ['lib', 'components'] } } },
    disallow: { to: { element: { types: { anyOf: ['app', ...features.map(featureType)] } } } },
  },
];

const toastImport = {
  name: 'react-toastify',
  importNames: ['toast'],
  message: 'Import toast from web/src/lib/toast: it keys each toast by its text.',
};
const testSupportPatterns = [
  {
    group: ['**/test/**', 'vitest', '@testing-library/*'],
    message: 'Test support belongs in server/test/ or web/test/ and is imported by tests only.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webElements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: webPolicies }] },
  },
  {
    // Test support lives in server/test/ and web/test/, outside the shipped sources: code under src/
    // (tests excepted) imports neither it nor the test libraries.
    files: ['server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: testSupportPatterns }] },
  },
  {
    // One toast for the app, keyed by its text (web/src/lib/toast.ts): the same error is never shown twice.
    files: ['web/src/**/*.{ts,tsx}'],
    // the container hands the library to lib/toast once mounted
    ignores: ['web/src/lib/toast.ts', 'web/src/components/toasts.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [toastImport] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/toast.ts', 'web/src/components/toasts.tsx', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [toastImport], patterns: testSupportPatterns }] },
  },
  {
    files: ['*.config.{js,ts}', 'web/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
