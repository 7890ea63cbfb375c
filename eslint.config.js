import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-ssr',
      'node_modules',
      'data',
      'coverage',
      '.tmp',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` keeps the module import at run time (verbatimModuleSyntax); a
      // top-level `import type` drops it, so schema-only modules never reach the browser.
      'import-x/consistent-type-specifier-style': ['error', 'prefer-top-level'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      // One-way flow: shared code never imports features or the app; the browser never
      // imports the server (only contract/ is shared); features stay independent.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './server' },
            { target: './server', from: './src' },
            { target: './contract', from: ['./src', './server'] },
            {
              target: ['./src/lib', './src/components', './src/stores'],
              from: ['./src/features', './src/app'],
            },
            { target: './src/features', from: './src/app' },
            {
              target: './src/features/*',
              from: './src/features/*',
              except: ['.'],
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [],
    },
  },
);
