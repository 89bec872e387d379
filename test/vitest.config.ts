import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Node-side tests, as projects run side by side in one vitest run:
// - unit: pure logic (no sockets, no child processes, no module mocks);
// - integration: real SQLite files, sockets and child processes;
// - mocking: the files that replace a module (vi.mock of electron), each in its own module graph;
// - ui: the renderer in Chromium.
// Every project but `mocking` shares one module graph per worker (isolate: false): the engine and its libraries are
// loaded once per worker, not once per file. Isolation cost the integration project 42 % of its CPU (5 min 15 s →
// 3 min 0 s, the same 480 tests passing): its files keep their handles apart by closing what they open, not by
// running in a process of their own. A 2-core machine gets vitest's default of one worker; most integration and UI
// time is spent waiting on sockets, child processes and Chromium, so three files run at once (measured in
// docs/decisions.md, "The suite's time").
const UNIT = ['test/unit/**/*.test.ts', 'test/helpers/**/*.test.ts', 'test/*.test.ts'];
// Files that replace a module (vi.mock of electron) keep their own module graph.
const MOCKING = ['test/unit/main/**/*.test.ts'];
const GLOBAL_SETUP = [resolve(import.meta.dirname, 'globalSetup.ts')];

export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '..'),
    exclude: ['node_modules/**'],
    pool: 'forks',
    maxWorkers: Number(process.env.STATION_TEST_WORKERS) || 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Labels drawn on the calling thread in the tests' engines and the services they start: a label thread costs
    // about 2 s of CPU to start, in every test file and service. The threads themselves are tested where they are
    // the point (test/integration/engine/labelPool.test.ts, the service's createShipment test), and measured by
    // npm run bench. Production (npm start, npm run serve) draws on threads. WAL checkpoints likewise stay in the
    // connection (a thread per engine polling its WAL), except in test/integration/engine/checkpointer.test.ts and the
    // service's createShipment test; the whole suite passed with them on threads too (818 tests, issue 14). The
    // service's writer thread likewise (about 1.2 s of CPU to start from source, in every service a test starts):
    // tested in test/integration/service/writerThread.test.ts and the service's createShipment test.
    // The station hosts' order-check thread likewise (about 2 s of CPU to start from source, in every headless station
    // a test keeps past ten seconds): tested in test/integration/station/orders/checkThread.test.ts.
    env: {
      STATION_LABEL_THREADS: '0',
      STATION_CHECKPOINT_THREAD: '0',
      STATION_WRITER_THREAD: '0',
      STATION_ORDER_CHECK_THREAD: '0',
    },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: UNIT, exclude: [...MOCKING, 'node_modules/**'], isolate: false },
      },
      {
        extends: true,
        // The command lines the integration files start as processes, bundled once (test/peers/cliBundle.ts).
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: GLOBAL_SETUP,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING } },
      {
        extends: true,
        // One renderer build and one Chromium for every UI file (test/ui/support/globalSetup.ts), and one module graph
        // per worker: each file loading the station again cost 175 → 123 s of CPU for the same 28 tests (measured with
        // /usr/bin/time on `--project ui`, with and without --no-isolate).
        test: {
          name: 'ui',
          include: ['test/ui/**/*.test.ts'],
          globalSetup: [resolve(import.meta.dirname, 'ui/support/globalSetup.ts')],
          isolate: false,
          // Four files at once: a UI file waits on Chromium most of its time (alone, the project used 57 % of two
          // cores with three workers; 139 → 128 s with four, the same 35 tests passing).
          maxWorkers: 4,
          // A project with its own maxWorkers runs as a group of its own: after the Node projects, as before.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
