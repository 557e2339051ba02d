import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/helpers/setup.ts'],
    environment: 'node',
    // Flakiness must show, not hide.
    retry: 0,
    testTimeout: 15_000,
  },
});
