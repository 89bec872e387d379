// Loads the TypeScript worker entry when the engine runs from source (npm run serve, the tests, the browser station):
// the thread registers tsx for itself, then takes the entry's default export. The desktop build bundles the entry
// as out/main/labelWorker.js instead (electron.vite.config.ts), and pool.ts picks that one first. A run that has
// bundled the thread entries already names their folder in STATION_THREAD_BUNDLES (the tests: test/globalSetup.ts),
// and the thread loads that bundle instead of compiling the sources through tsx again.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const bundles = process.env.STATION_THREAD_BUNDLES;
if (!bundles) (await import('tsx/esm/api')).register();
const entry = await import(bundles ? pathToFileURL(join(bundles, 'labelWorker.js')).href : './labelWorker.ts');
export default entry.default;
