// Loaded into the memory bench's service (NODE_OPTIONS=--import): on SIGUSR2 it collects garbage twice, fully, and
// writes the live memory left (V8's heap in use, and the memory of Buffers and ArrayBuffers outside it) to the file
// named by HEAP_PROBE_FILE. What a leak keeps is live; what the resident size also holds (freed pages not yet given
// back, the collector's sawtooth) is not, so the bench judges flat memory on this. Bench-only: never in src/.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  gc();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  const file = process.env.HEAP_PROBE_FILE;
  if (file) writeFileSync(file, JSON.stringify({ heapUsed, external, arrayBuffers, rss, at: Date.now() }));
});
