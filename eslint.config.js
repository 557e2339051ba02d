import js from '@eslint/js';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'test-results/', 'playwright-report/', 'artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Flags innerHTML, outerHTML, insertAdjacentHTML, document.write and friends: service and page text
  // must be rendered as text.
  noUnsanitized.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render service and page text as text.',
        },
      ],
    },
  },
  // Where code runs, by folder: utils/background/ in the service worker, utils/page/ in pages (the content script,
  // and utils/page/injected/, which the worker injects as a file of its own), components/ and utils/ui/ in extension
  // pages, utils/shared/ anywhere. Page, UI and shared code load no zod and no background module (types alone are erased, so they may be
  // imported); the options page alone checks settings with the worker's schema before it saves them.
  {
    ignores: ['components/OptionsPage.tsx', 'entrypoints/options/main.tsx'],
    files: [
      'components/**',
      'entrypoints/popup/**',
      'entrypoints/sidepanel/**',
      'entrypoints/options/**',
      'entrypoints/content.ts',
      'utils/page/**',
      'utils/ui/**',
      'utils/shared/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Pages and the content script load no zod.', allowTypeImports: true }],
          patterns: [
            {
              // A regular expression: glob patterns do not match relative paths that start with "../".
              regex: '(^|/)background/',
              message: 'Background code runs in the worker: import its types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['utils/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Shared code loads no zod.', allowTypeImports: true }],
          patterns: [
            {
              regex: '(^|/)(background|page|ui|components)/',
              message: 'Shared code runs in every context: it imports only shared code (and types).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['entrypoints/background.ts', 'utils/background/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(page|components|ui)/',
              message: 'Page and UI code do not run in the worker.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The double is written from docs/service-contract.md, not from the client: a shared table would copy a slip.
    files: ['service-double/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)utils/',
              message: 'The double does not import the client: write it from docs/service-contract.md.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      parserOptions: { projectService: false },
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
