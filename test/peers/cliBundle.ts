// The command lines the tests start as processes of their own (the service, the headless station, the quote tool,
// another process on a station's database), bundled once per test run by esbuild into out/test-cli/: a child started
// from a bundle costs about half the CPU of one that compiles our TypeScript through tsx as it loads. Libraries stay
// outside the bundle (node_modules, found from out/ as from src/); the label thread's, the order-file thread's, the
// order-check thread's and the service's writer thread's entries sit beside the bundles, where
// src/engine/labels/pool.ts, src/orderFiles/offThread.ts, src/station/orders/checkThread.ts and
// src/service/writer/createsWriter.ts look for them in a build; the threads a test starts in its own process load
// them through STATION_THREAD_BUNDLES (test/globalSetup.ts). Without a bundle (a test file run outside the vitest
// config) a child is started through tsx as before, and a thread from its source shim.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '../..');
/** Where the bundles are written. */
export const CLI_BUNDLES = join(ROOT, 'out/test-cli');

/** Source entry (from the repository's root) → bundle name. */
const ENTRIES: Readonly<Record<string, string>> = {
  'src/service/cli.ts': 'service-cli',
  'src/station/hosts/cli.ts': 'station-cli',
  'src/service/quoteCli.ts': 'quote-cli',
  'test/peers/dbHolder/child.ts': 'db-holder',
  'test/peers/queueClaimer/child.ts': 'queue-claimer',
  'src/engine/labels/labelWorker.ts': 'labelWorker',
  'src/orderFiles/orderFileWorker.ts': 'orderFileWorker',
  'src/station/orders/checkThreadWorker.ts': 'orderCheckWorker',
  'src/service/writer/createsThread.ts': 'createsThread',
};

/** Builds every bundle into `outdir` (vitest's global setup, before any test file starts). */
export async function buildCliBundles(outdir = CLI_BUNDLES): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([source, name]) => [name, join(ROOT, source)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Split, so a module the code imports when first needed (the PDF and JPG renderers, src/engine/labels/lazy.ts)
    // stays a chunk of its own with its libraries: unsplit, esbuild hoists their imports to the bundle's start.
    splitting: true,
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'error',
  });
}

/**
 * Builds the bundles now, and again before each rerun of the watch mode (npm run test:watch): the global setup runs
 * once for all of a watch's reruns, and the children and threads would otherwise run the code as it was when the
 * watch started while the test files and the engines in their processes run it as edited.
 */
export async function keepCliBundlesBuilt(
  project: Pick<TestProject, 'onTestsRerun'>,
  outdir = CLI_BUNDLES,
): Promise<void> {
  await buildCliBundles(outdir);
  project.onTestsRerun(() => buildCliBundles(outdir));
}

/**
 * The node arguments that run a command line: its bundle when there is one, else its source through tsx.
 * `entry` is a path of the repository, absolute or from its root.
 */
export function cliArgs(entry: string): string[] {
  const source = relative(ROOT, resolve(ROOT, entry)).split('\\').join('/');
  const name = ENTRIES[source];
  const bundle = name ? join(CLI_BUNDLES, `${name}.js`) : undefined;
  return bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', join(ROOT, source)];
}
