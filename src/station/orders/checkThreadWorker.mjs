// Loads the TypeScript entry of the order-check thread when the station runs from source (npm run station, the tests,
// the browser station): the thread registers tsx for itself, then runs the entry. The desktop build bundles the entry
// as out/main/orderCheckWorker.js instead (electron.vite.config.ts), and checkThread.ts picks that one first.
import { register } from 'tsx/esm/api';

register();
await import('./checkThreadWorker.ts');
