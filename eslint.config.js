import js from '@eslint/js';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import tseslint from 'typescript-eslint';

/**
 * Forbids `files` to import from the folders named (types included): where code runs, it may not reach code that runs
 * elsewhere. Only entry points import components/.
 */
function boundary(files, folders, message) {
  return [
    {
      files,
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: `(^|/)(${folders.join('|')})/`, message }] }],
      },
    },
  ];
}

const CONTRACT_TYPES_ONLY = {
  regex: '(^|/)contract/(?!service-error-kinds$)',
  message: 'The contract holds zod schemas: pages and shared code import its types only.',
  allowTypeImports: true,
};

/**
 * The modules of the content script's second part (see utils/page/content-parts.ts): the first part, injected for a
 * page's first highlights, imports their types only, and reaches their code through parts-loader.ts.
 */
const SECOND_PART_MODULES = [
  'card', 'card-cover', 'card-styles', 'click-guard', 'clipboard', 'results-list', 'draft-writer', 'draft-corrections',
  'as-you-write-watcher', 'write-indicator', 'typed-text', 'field-target', 'editable-target', 'draft-target', 'anchor',
  'fuzzy', 'head-tail', 'reordered', 'content-parts', 'docs-target', 'docs-typing', 'docs-paragraphs',
]; // prettier-ignore
const SECOND_PART = SECOND_PART_MODULES.map((name) =>
  ['field-target', 'editable-target', 'draft-target'].includes(name)
    ? `utils/page/targets/${name}.ts`
    : name.startsWith('docs-')
      ? `utils/page/docs/${name}.ts`
      : ['anchor', 'fuzzy', 'head-tail', 'reordered'].includes(name)
        ? `utils/page/anchor/${name}.ts`
        : `utils/page/${name}.ts`,
);
const SECOND_PART_TYPES_ONLY = {
  regex: `(^|/)(${SECOND_PART_MODULES.join('|')})$`,
  message: 'The content script’s first part reaches its second through parts-loader.ts (types only here).',
  allowTypeImports: true,
};

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', 'test-results/', 'playwright-report/', 'artifacts/', '.cache/'] },
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
  // Where code runs, by folder: utils/background/ in the service worker; utils/page/ in pages (the content script, and
  // utils/page/injected/, which the worker injects as a file of its own); components/ and utils/ui/ in extension pages;
  // utils/shared/ anywhere. What crosses between them is declared once in utils/contract/ (zod schemas and the types
  // derived from them). No context imports another's code, types included, and only entry points import components/.
  ...boundary(
    ['utils/contract/**'],
    ['background', 'page', 'ui', 'components'],
    'The contract imports only itself and shared code.',
  ),
  ...boundary(
    ['utils/shared/**'],
    ['background', 'page', 'ui', 'components'],
    'Shared code runs in every context: it imports only shared code and the contract.',
  ),
  ...boundary(
    ['entrypoints/background.ts', 'utils/background/**'],
    ['page', 'ui', 'components'],
    'Page and UI code do not run in the worker: what crosses is in utils/contract/.',
  ),
  ...boundary(
    ['entrypoints/content.ts', 'entrypoints/page-actions.ts', 'utils/page/**'],
    ['background', 'ui', 'components'],
    "The worker's and the extension pages' code do not run in pages: what crosses is in utils/contract/.",
  ),
  ...boundary(
    ['components/**', 'entrypoints/popup/**', 'entrypoints/sidepanel/**', 'entrypoints/options/**'],
    ['background', 'page'],
    'Extension pages talk to the worker by message: what crosses is in utils/contract/.',
  ),
  ...boundary(
    ['utils/ui/**'],
    ['background', 'page', 'components'],
    'Extension pages talk to the worker by message, and only entry points import components/.',
  ),
  // Pages, the content script and shared code load no zod: the contract's schemas only as types (its zod-free
  // error kinds aside). The options page alone checks settings with the contract's schema before it saves them.
  {
    ignores: ['components/options/settings-form.ts', 'components/options/fields.tsx', 'entrypoints/options/main.tsx'],
    files: [
      'components/**',
      'entrypoints/popup/**',
      'entrypoints/sidepanel/**',
      'entrypoints/options/**',
      'entrypoints/content-script.ts',
      'entrypoints/content-parts.ts',
      'utils/page/**',
      'utils/ui/**',
      'utils/shared/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Pages and shared code load no zod.', allowTypeImports: true }],
          patterns: [CONTRACT_TYPES_ONLY, SECOND_PART_TYPES_ONLY],
        },
      ],
    },
  },
  // The content script's second part (see utils/page/content-parts.ts) imports its own modules.
  {
    files: [...SECOND_PART, 'utils/page/content-parts.ts', 'entrypoints/content-parts.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Pages and shared code load no zod.', allowTypeImports: true }],
          patterns: [CONTRACT_TYPES_ONLY],
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
  {
    // The Google Docs double's editor, served to the page as it is.
    files: ['tests/e2e/docs-double/*.js'],
    languageOptions: {
      globals: { window: 'readonly', document: 'readonly', location: 'readonly', requestAnimationFrame: 'readonly' },
    },
  },
);
