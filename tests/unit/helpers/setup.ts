/**
 * Every unit test file: an in-memory IndexedDB (the background keeps its trusted items there, see
 * utils/trusted-item.ts), emptied before each test, as the tests that use storage empty fakeBrowser's.
 */
import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { beforeEach } from 'vitest';

// TRUSTED_DB of utils/trusted-item.ts, written out: importing that module here, before the test's own imports, would
// load WXT's storage before its test environment is in place.
beforeEach(() => clear(createStore('factlens', 'items')));
