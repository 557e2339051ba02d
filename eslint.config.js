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
  // Where code runs: the popup, the side panel and the content script load no zod and no background module (types
  // alone are erased, so they may be imported); the options page checks settings with their schema. The background
  // loads no page module (the functions it injects into pages, in page-edit.ts and check/extract.ts, run there).
  {
    ignores: ['components/OptionsPage.tsx'],
    files: [
      'components/**',
      'entrypoints/popup/**',
      'entrypoints/sidepanel/**',
      'entrypoints/content.ts',
      'utils/page/**',
      'utils/anchor/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Pages and the content script load no zod.', allowTypeImports: true }],
          patterns: [
            {
              // A regular expression: glob patterns do not match relative paths that start with "../".
              regex:
                '(^|/)(api/(client|schemas|domain|errors|normalize)|background/[^/]+|check/(model|runner|store|new-job|history|draft-cache)|protocol|settings|service)$',
              message: 'Background code (or code that loads zod): import its types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['entrypoints/background.ts', 'utils/background/**', 'utils/api/**', 'utils/check/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(page|anchor)/[^/]+$',
              message: 'Page code runs in the page: the background does not load it.',
              allowTypeImports: true,
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
