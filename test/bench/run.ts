// `npm run bench`: every benchmark, each printed as a median next to a baseline measured in the same run, and at the
// end the table of the goals (goals.ts) with their figures, baselines and ratios, also written as JSON to
// bench-results/ so two runs can be compared. BENCH_ONLY=load,ui runs the benchmarks named (a whole run is long).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { provide } from '../provision.mjs';
import { buildCliBundles } from '../peers/cliBundle';
import { benchLabels } from './labels';
import { benchCheapest } from './pricing';
import { benchCreate, benchManifest } from './service';
import { printRows, type Row } from './stats';
import { benchSynchronous } from './storage';
import { benchSync } from './sync';
import { benchTracking } from './tracking';
import { benchLoad } from './load';
import { benchCores } from './cores';
import { benchBlackBox } from './blackBox';
import { benchCreateToPrinter } from './printer';
import { benchMemory } from './memory';
import { benchUi } from './ui';
import { benchOrderImport, benchScanToLabel } from './packing';
import { benchOperatorFiles } from './operatorFiles';
import { benchHostileOrders } from './hostileOrders';
import { benchProductFiles } from './productFiles';
import { benchBatch } from './batch';
import { benchRules } from './rules';
import { goalOf, goalsJson, goalTable, type Goal } from './goals';

interface Bench {
  /** The name BENCH_ONLY takes. */
  name: string;
  title: string;
  run(): Promise<Row[]>;
  /** What it needs beyond `npm ci`, as the test filters provision.mjs provides for. */
  needs?: string;
}

const BENCHES: readonly Bench[] = [
  {
    name: 'create',
    title: 'Shipment creation through HTTP',
    run: () => benchCreate(Number(process.env.BENCH_CREATES ?? 200)),
  },
  {
    name: 'manifest',
    title: 'Manifest',
    run: () => benchManifest(1000, Number(process.env.BENCH_MANIFEST_ROUNDS ?? 3)),
  },
  {
    name: 'load',
    title: 'Creation under load: 4 clients, a separate process sending a GET every 5 ms',
    run: () => benchLoad(),
  },
  {
    name: 'blackBox',
    title: 'GET under load from outside: service, 4 clients and the reader each a process of their own',
    run: () => benchBlackBox(),
  },
  {
    name: 'cores',
    title: "Both cores at work: 4 clients against the machine's ceiling, and the CPU of a create",
    run: () => benchCores(),
  },
  { name: 'printer', title: 'Create to printer (auto-print, Zebra peer)', run: () => benchCreateToPrinter() },
  { name: 'memory', title: 'Memory over a long day: npm run serve', run: () => benchMemory() },
  { name: 'storage', title: 'Storage: what synchronous=FULL costs a station', run: () => benchSynchronous(200) },
  { name: 'labels', title: 'Labels per format (one label, everything on it)', run: () => benchLabels() },
  { name: 'pricing', title: 'Cheapest courier across all couriers', run: () => benchCheapest() },
  { name: 'operatorFiles', title: 'Operator files: refusing a wrong price list', run: () => benchOperatorFiles() },
  { name: 'sync', title: 'Sync: draining the outbox to a local remote', run: () => benchSync() },
  {
    name: 'tracking',
    title: 'Following 10,000 departed parcels for a simulated day (a connected station, the real limits)',
    run: () => benchTracking(),
  },
  { name: 'ui', title: 'Bench screens in Chromium (browser station)', run: () => benchUi(), needs: 'test/ui/' },
  { name: 'orders', title: 'Packing bench: order files', run: () => benchOrderImport() },
  {
    name: 'hostileOrders',
    title: 'Order files on a bad day: a 100,000-row CSV and a zip bomb (issue 27)',
    run: () => benchHostileOrders(),
  },
  {
    name: 'productFiles',
    title: 'Product lists: a 90,000-line CSV and .xlsx imported at a station (issue 39)',
    run: () => benchProductFiles(),
  },
  { name: 'batch', title: 'A batch from the orders list (Zebra and ESC/POS peers)', run: () => benchBatch() },
  { name: 'rules', title: 'Shipping rules over the orders waiting', run: () => benchRules() },
  {
    name: 'scan',
    title: 'Packing bench: scan, weigh, print (Zebra, ESC/POS and scale peers)',
    run: () => benchScanToLabel(),
    needs: 'test/integration/scale/',
  },
];

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(
    `BENCH_ONLY: no benchmark named ${unknown.join(', ')} (known: ${BENCHES.map((b) => b.name).join(', ')})`,
  );
  process.exit(1);
}
const selected = only.length > 0 ? BENCHES.filter((bench) => only.includes(bench.name)) : BENCHES;

// The screens' figures need Chromium, the packing bench's socat: provided as `npm test` provides them, or one line
// saying what to install.
const needs = selected.flatMap((bench) => (bench.needs ? [bench.needs] : []));
const unprovided = needs.length > 0 ? provide(needs) : undefined;
if (unprovided) {
  console.error(unprovided);
  process.exit(1);
}
// The services the benchmarks start run from these bundles when they exist (test/peers/cliBundle.ts): built now, so
// a run measures the source as it is and not the bundles of the last `npm test`.
await buildCliBundles();
const startedAt = new Date();
console.log(
  `node ${process.version}, ${startedAt.toISOString()}${only.length > 0 ? `, BENCH_ONLY=${only.join(',')}` : ''}`,
);
const sections: Array<{ name: string; title: string; rows: Row[] }> = [];
for (const bench of selected) {
  const rows = await bench.run();
  printRows(bench.title, rows);
  sections.push({ name: bench.name, title: bench.title, rows });
}

const goals = sections.flatMap((section) => section.rows.flatMap((row) => goalOf(row) ?? [])) satisfies Goal[];
console.log(`\nGoals: each figure ÷ its baseline, both measured in this run\n${goalTable(goals)}`);
const dir = resolve(import.meta.dirname, '../../bench-results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
const results = { startedAt: startedAt.toISOString(), node: process.version, only, goals: goalsJson(goals), sections };
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten to ${file}`);
