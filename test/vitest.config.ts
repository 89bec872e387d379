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
    // Labels drawn on the calling thread in the tests' engines and the services they start: a label thread costs
    // about 2 s of CPU to start, in every test file and service. The threads themselves are tested where they are
    // the point (test/integration/engine/labelPool.test.ts, the service's createShipment test), and measured by
    // npm run bench. Production (npm start, npm run serve) draws on threads. WAL checkpoints likewise stay in the
    // connection (a thread per engine polling its WAL), except in test/integration/engine/checkpointer.test.ts and the
    // service's createShipment test; the whole suite passed with them on threads too (818 tests, issue 14).
    env: { STATION_LABEL_THREADS: '0', STATION_CHECKPOINT_THREAD: '0' },
  },
});
