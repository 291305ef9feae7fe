import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // LibreOffice conversions are CPU-bound: two test files at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
