// Loads the TypeScript worker entry when the engine runs from source (npm run serve, the tests, the browser station):
// the thread registers tsx for itself, then takes the entry's default export. The desktop build bundles the entry
// as out/main/labelWorker.js instead (electron.vite.config.ts), and pool.ts picks that one first.
import { register } from 'tsx/esm/api';

register();
const entry = await import('./labelWorker.ts');
export default entry.default;
