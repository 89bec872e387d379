// `npm run bench`: every benchmark, each printed as a median next to a baseline measured in the same run.
import { benchLabels } from './labels';
import { benchCheapest } from './pricing';
import { runServiceBench } from './service';
import { printRows } from './stats';
import { benchSynchronous } from './storage';
import { benchSync } from './sync';
import { benchUi } from './ui';

console.log(`node ${process.version}, ${new Date().toISOString()}`);
await runServiceBench();
printRows('Storage: what synchronous=FULL costs a station', await benchSynchronous(200));
printRows('Labels per format (one label, everything on it)', await benchLabels());
printRows('Cheapest courier across all couriers', await benchCheapest());
printRows('Sync: draining the outbox to a local remote', await benchSync());
printRows('Bench screens in Chromium (browser station)', await benchUi());
