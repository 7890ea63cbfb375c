import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      // They break the import rules on purpose: tests/lint/boundaries.test.ts lints them.
      'tests/lint/fixtures',
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
            // bulletproof-react's rule: a feature never imports another feature.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
            })),
            // The page and the service worker share code only through shared/.
            { target: './sw', from: './src' },
            { target: './src', from: './sw' },
            { target: './shared', from: ['./src', './sw', './server'] },
            // The server's own error texts stay out of the page's bundle.
            {
              target: ['./src', './sw', './shared'],
              from: './contract/messages.ts',
              message: 'Import the texts the page shows from contract/page-messages.ts.',
            },
          ],
        },
      ],
    },
    settings: {
      // no-cycle follows imports into other files: it must parse TypeScript there too.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // A real resolver: without one no import is resolved, and the zones and no-cycle check
      // nothing (tests/lint/boundaries.test.ts proves they fire).
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // Route plugins read their services from app.services, which server/wiring/ builds once:
    // they never build a repository or a service, nor reach into a repository
    // (tests/lint/wiring.test.ts proves these fire).
    files: ['server/modules/*/routes*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^create\\w*(Repository|Service)$/]',
          message: 'Take the service from app.services; server/wiring/services.ts builds it.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*-repository.ts'],
              message: 'Routes call services; only services reach repositories.',
            },
          ],
        },
      ],
    },
  },
);
