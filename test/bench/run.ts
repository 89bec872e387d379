// `npm run bench`: every benchmark, each printed as a median next to a baseline measured in the same run.
import { provide } from '../provision.mjs';
import { benchLabels } from './labels';
import { benchCheapest } from './pricing';
import { runServiceBench } from './service';
import { printRows } from './stats';
import { benchSynchronous } from './storage';
import { benchSync } from './sync';
import { benchLoad } from './load';
import { benchCreateToPrinter } from './printer';
import { benchMemory } from './memory';
import { benchUi } from './ui';
import { benchOrderImport, benchScanToLabel } from './packing';
import { benchOperatorFiles } from './operatorFiles';
import { benchHostileOrders } from './hostileOrders';

// The screens' figures need Chromium, the packing bench's socat: provided as `npm test` provides them, or one line
// saying what to install.
const unprovided = provide(['test/ui/', 'test/integration/scale/']);
if (unprovided) {
  console.error(unprovided);
  process.exit(1);
}
console.log(`node ${process.version}, ${new Date().toISOString()}`);
await runServiceBench();
printRows('Creation under load: 4 clients, a separate process sending a GET every 5 ms', await benchLoad());
printRows('Create to printer (auto-print, Zebra peer)', await benchCreateToPrinter());
printRows('Memory over a long day: npm run serve', await benchMemory());
printRows('Storage: what synchronous=FULL costs a station', await benchSynchronous(200));
printRows('Labels per format (one label, everything on it)', await benchLabels());
printRows('Cheapest courier across all couriers', await benchCheapest());
printRows('Operator files: refusing a wrong price list', await benchOperatorFiles());
printRows('Sync: draining the outbox to a local remote', await benchSync());
printRows('Bench screens in Chromium (browser station)', await benchUi());
printRows('Packing bench: order files', await benchOrderImport());
printRows('Order files on a bad day: a 100,000-row CSV and a zip bomb (issue 27)', await benchHostileOrders());
printRows('Packing bench: scan, weigh, print (Zebra, ESC/POS and scale peers)', await benchScanToLabel());
