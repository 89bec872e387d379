// Once per test run, before the integration files start: the command lines they start as processes, bundled, with the
// entries of the worker threads; the threads the tests start in their own processes load those bundles too.
// Built again before each rerun of the watch mode (keepCliBundlesBuilt).
import type { TestProject } from 'vitest/node';
import { CLI_BUNDLES, keepCliBundlesBuilt } from './peers/cliBundle';

export default async function setup(project: TestProject): Promise<void> {
  await keepCliBundlesBuilt(project);
  // Read by the thread entries' source shims (src/engine/labels/labelWorker.mjs and the three like it): a thread
  // started from source loads its bundle instead of compiling its module graph through tsx, 0.2-1.2 s of CPU a thread
  // (docs/decisions.md, "The suite's time, eighth pass"). Set after the build, so a run never loads a stale bundle;
  // vitest starts its workers with this process's environment, and they hand it to their threads and children.
  process.env.STATION_THREAD_BUNDLES = CLI_BUNDLES;
}
