// Loads the TypeScript writer thread's entry when the service runs from source (npm run serve, the tests, the bench):
// the thread registers tsx for itself, then runs the entry. A bundle of the service has createsThread.js beside its
// code instead (test/peers/cliBundle.ts), and createsWriter.ts picks that one first. A run that has bundled the thread
// entries names their folder in STATION_THREAD_BUNDLES (as src/engine/labels/labelWorker.mjs reads it).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const bundles = process.env.STATION_THREAD_BUNDLES;
if (!bundles) (await import('tsx/esm/api')).register();
await import(bundles ? pathToFileURL(join(bundles, 'createsThread.js')).href : './createsThread.ts');
