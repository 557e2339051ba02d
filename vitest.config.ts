import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/helpers/setup.ts'],
    environment: 'node',
    // Files share their workers' module state and DOM (each test sets up what it reads): importing the setup, WXT's
    // fake browser and a DOM afresh for each of 51 files took more of the run than the tests did.
    pool: 'threads',
    isolate: false,
    // Flakiness must show, not hide.
    retry: 0,
    testTimeout: 15_000,
  },
});
