import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Node-side tests. Forks keep each file's better-sqlite3 handles and child processes apart.
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    include: ['test/**/*.test.ts'],
    exclude: ['node_modules/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
