import path from 'node:path';
import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { privacyPage } from './scripts/privacy-page';
import { RELEASE_HOST_PERMISSIONS } from './utils/shared/permissions';

/** The content script's two parts, built without webextension-polyfill (see native-browser.ts). */
const INJECTED_INTO_PAGES = new Set(['content-script', 'content-parts']);

/**
 * The policies an organization may set (utils/contract/managed-policy.ts), as Chrome validates them. Firefox takes
 * them from its enterprise policies without a schema; its build carries none.
 */
const MANAGED_SCHEMA = 'managed_schema.json';

/** Hosts the user may grant later: another deployment of the service. */
const OPTIONAL_HOSTS = ['https://*/*', 'http://*/*'];

/**
 * Two Chrome builds share this config:
 * - the release build (`wxt build`) asks only for the service's own hosts;
 * - the e2e build (`wxt build --mode e2e`, written to .output/chrome-mv3-e2e) adds loopback host access,
 *   because events dispatched from a test do not grant `activeTab` the way a real click does.
 */
export default defineConfig({
  imports: false,
  modules: ['@wxt-dev/webextension-polyfill'],
  outDirTemplate: '{{browser}}-mv{{manifestVersion}}{{modeSuffix}}',
  // `npm run zip`: the Chrome Web Store's package, and AMO's with the sources archive it asks for (BUILD.md in it says
  // how to rebuild the package from it). Test output and screenshots stay out of the sources.
  zip: {
    // .npmrc: `npm ci` needs it (see there).
    includeSources: ['.npmrc', '.prettierrc.json', '.prettierignore'],
    excludeSources: ['artifacts/**', 'test-results/**', 'playwright-report/**', '.ci/**', 'node_modules/**'],
  },
  hooks: {
    // What is injected into pages takes the browser's own API, not webextension-polyfill (see native-browser.ts).
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((entry) => INJECTED_INTO_PAGES.has(entry.name))) return;
      const aliases = config.resolve?.alias ?? [];
      config.resolve = {
        ...config.resolve,
        alias: [
          { find: /^wxt\/browser$/, replacement: path.resolve('utils/page/native-browser.ts') },
          ...(Array.isArray(aliases)
            ? (aliases as { find: string | RegExp; replacement: string }[])
            : Object.entries(aliases as Record<string, string>).map(([find, replacement]) => ({ find, replacement }))),
        ],
      };
    },
    // PRIVACY.md, as a page the options page links to; Chrome's schema of the organization's policies (docs/teams.md).
    'build:publicAssets': (wxt, files) => {
      files.push({ relativeDest: 'privacy.html', contents: privacyPage(wxt.config.root) });
      if (wxt.config.browser === 'chrome')
        files.push({
          relativeDest: MANAGED_SCHEMA,
          absoluteSrc: path.resolve(wxt.config.root, 'managed', MANAGED_SCHEMA),
        });
    },
  },
  vite: () => ({
    plugins: [preact()],
    build: {
      sourcemap: process.env.FACTLENS_SOURCEMAP === '1',
      rollupOptions: {
        // zod's bundle carries /*#__PURE__*/ comments in places Rollup cannot use them; the log is noise.
        onLog(level, log, handler) {
          if (log.code === 'INVALID_ANNOTATION') return;
          handler(level, log);
        },
      },
    },
  }),
  manifest: ({ browser, mode }) => ({
    // The words are the locale files' (public/_locales), in the browser's language.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // The key pins the Chrome extension id of the e2e build (the demo's profile keeps its settings under that id) and
    // of `wxt` in development. Not in the release build, which `npm run zip` packs for the Chrome Web Store: the
    // store refuses a manifest with a key ("key field is not allowed in manifest") and gives the item its own id.
    ...(browser === 'chrome' && mode !== 'production'
      ? {
          key: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtrDTx3rdATmgNZSf50NA06clrau+UT1OqyemYKYOAeD3jBSPoKJcSXlC0uFyO3jWzJc65CofYZXxIb4Mk7IyBstC/DI0xrPtqmUOI93Loj/F3qOk7U3gyW2ST8FhxAzhsuF2vdQv2b3mWI0bskcNTsfxolupjUkrQJWWtEXGz32TY4j4rX0ovi9l5iKrzU3DpD8nvEubyARztXocT6vpAaqkM0/f5Swa4Pn7Xu4JhPCRjv06/dmwI5PpjgeBHeFZ7A4gHGBAqOGJ1OHYYtEZHMEw1xJQgPMTscdOGPHSPRPBkUbl+9VAVIWj8354otiPTAWC6GsojMZ86R5+iduqRQIDAQAB',
        }
      : {}),
    permissions: ['storage', 'alarms', 'activeTab', 'scripting', 'contextMenus'],
    ...(browser === 'chrome' ? { storage: { managed_schema: MANAGED_SCHEMA } } : {}),
    host_permissions: [
      ...RELEASE_HOST_PERMISSIONS,
      // insecure.test: a page that is not a secure context (loopback addresses are), which tests route themselves.
      ...(mode === 'e2e' ? ['http://127.0.0.1/*', 'http://localhost/*', 'http://insecure.test/*'] : []),
      // Google Docs (the tests' double, docs/google-docs.md): Chromium's prompt for an optional host cannot be answered
      // by a test, so the Chrome e2e build has it; Firefox's grants it without a prompt (see firefox.ts), and asks.
      ...(mode === 'e2e' && browser === 'chrome' ? ['https://docs.google.com/*'] : []),
    ],
    commands: {
      'check-page': { suggested_key: { default: 'Alt+Shift+K' }, description: '__MSG_commandCheckPage__' },
      'check-selection': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: '__MSG_commandCheckSelection__',
      },
      'next-claim': {
        suggested_key: { default: 'Alt+Shift+J' },
        description: '__MSG_commandNextClaim__',
      },
      'toggle-highlights': {
        suggested_key: { default: 'Alt+Shift+H' },
        description: '__MSG_commandToggleHighlights__',
      },
    },
    // A user may point the extension at another deployment; the options page asks for that host then.
    optional_host_permissions: [...OPTIONAL_HOSTS],
    ...(browser === 'firefox'
      ? {
          // Manifest V2 has no optional_host_permissions (WXT drops it there): optional hosts are optional
          // permissions. Without them, Firefox refused to ask for another deployment's host at all.
          optional_permissions: [...OPTIONAL_HOSTS],
          browser_specific_settings: {
            gecko: {
              id: 'factlens@example.org',
              // data_collection_permissions is understood from Firefox 140 (142 on Android).
              strict_min_version: '140.0',
              // What goes to the service the user configured, in AMO's words: the text of pages they check
              // (websiteContent), drafts and selections they write (personalCommunications), and the addresses of
              // pages checked by URL (browsingActivity). See PRIVACY.md.
              data_collection_permissions: {
                required: ['websiteContent', 'personalCommunications', 'browsingActivity'],
              },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
