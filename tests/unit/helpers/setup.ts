/**
 * Every unit test file: an in-memory IndexedDB (the background keeps its trusted items there, see
 * utils/trusted-item.ts), emptied before each test, as the tests that use storage empty fakeBrowser's; and
 * browser.i18n's messages, from the locale files, in English.
 */
import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessage, useLocale } from './locales';

fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
beforeEach(() => {
  useLocale('en');
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
});

// TRUSTED_DB of utils/trusted-item.ts, written out: importing that module here, before the test's own imports, would
// load WXT's storage before its test environment is in place.
beforeEach(() => clear(createStore('factlens', 'items')));
