// Loads the TypeScript writer thread's entry when the service runs from source (npm run serve, the tests, the bench):
// the thread registers tsx for itself, then runs the entry. A bundle of the service has createsThread.js beside its
// code instead (test/peers/cliBundle.ts), and createsWriter.ts picks that one first.
import { register } from 'tsx/esm/api';

register();
await import('./createsThread.ts');
