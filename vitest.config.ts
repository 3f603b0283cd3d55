import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Collects the error codes the tests reach and, after a run of the whole suite, fails it if one is unreached.
    globalSetup: ['test/global/reached-codes.ts'],
  },
});
