// Loads the TypeScript worker entry when the station runs from source (npm run station, the tests, the browser
// station): the thread registers tsx for itself, then runs the entry. The desktop build bundles the entry as
// out/main/orderFileWorker.js instead (electron.vite.config.ts), and offThread.ts picks that one first. A run that has
// bundled the thread entries names their folder in STATION_THREAD_BUNDLES (as src/engine/labels/labelWorker.mjs
// reads it).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const bundles = process.env.STATION_THREAD_BUNDLES;
if (!bundles) (await import('tsx/esm/api')).register();
await import(bundles ? pathToFileURL(join(bundles, 'orderFileWorker.js')).href : './orderFileWorker.ts');
