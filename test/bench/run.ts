// `npm run bench`: every benchmark, each printed as a median next to a baseline measured in the same run.
import { runServiceBench } from './service';

console.log(`node ${process.version}, ${new Date().toISOString()}`);
await runServiceBench();
