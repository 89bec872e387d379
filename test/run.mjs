// The one test command: the static checks beside every vitest project, then the plain closing line CI reads.
// vitest's own summary is kept on screen; the counts come from its JSON report so the last line is exact.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provide } from './provision.mjs';

const report = join(tmpdir(), `station-vitest-${process.pid}.json`);
const args = process.argv.slice(2);

// `npm start` on a machine with Electron rebuilds better-sqlite3 for Electron's ABI and leaves this marker; the tests
// run
// under Node, so the module is rebuilt for Node first (npm start rebuilds it for Electron again when it needs to).
const electronNativeMarker = join('node_modules', '.station-native-for-electron');
if (existsSync(electronNativeMarker)) {
  console.log('better-sqlite3 is built for Electron (by npm start): rebuilding it for Node before the tests…');
  const rebuilt = spawnSync('npm', ['rebuild', 'better-sqlite3'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (rebuilt.status === 0) rmSync(electronNativeMarker, { force: true });
  else console.error('npm rebuild better-sqlite3 failed: the tests that open a database will fail');
}

// What the tests need beyond npm ci (Chromium for the UI tests, socat for the scale peer): installed when missing
// where it can be, otherwise one clear line and no wall of failures.
const selected = args.filter((a) => !a.startsWith('-'));
const unprovided = provide(selected);
if (unprovided) {
  console.error(unprovided);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// The static checks (type check: two projects, ARCHITECTURE.md §3, the Node side without DOM types and the renderer
// without Node types; format and lint: STYLE.md) run side by side with the tests, not before them: the tests spend
// much of their time waiting on sockets, child processes and Chromium. Their output is held and printed after the
// tests' so the two never interleave. The type check fails the run without counting as a pass (as before); format
// and lint count one each. Skipped with --no-typecheck, and format and lint when running a chosen set of files.
// The checks run at the lowest priority the system gives (`nice`): the tests are CPU-bound on a 2-core machine and
// would wait for them; the checks use what the tests leave (the UI tests wait on Chromium much of the time).
const NICE = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;

/** Runs a command with its output held, at low priority; resolves to its exit status and what it printed. */
function held(command, commandArgs) {
  return new Promise((done) => {
    const [program, args] = NICE ? ['nice', ['-n', '19', command, ...commandArgs]] : [command, commandArgs];
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => done({ status: 1, output: String(error) }));
    child.on('close', (status) => done({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const statics = [];
if (!args.includes('--no-typecheck')) {
  // Each check keeps what it learnt about unchanged files in node_modules/.cache (keyed by content, so a checkout
  // that only touches mtimes still hits): a second run checks what changed, not the whole tree. A clean clone (CI)
  // has no cache and checks everything.
  // TypeScript 7 (the native compiler) checks the types: 58 → 16-18 s of CPU from scratch for the two projects, the
  // same errors. TypeScript 5.9 stays as `typescript` for the tools that use its JavaScript API (typescript-eslint,
  // the architecture test), which 7 does not offer yet; both install a `tsc`, so this one is named by its path.
  const tsc = (project, name) =>
    held(process.execPath, [
      join('node_modules', 'typescript7', 'bin', 'tsc'),
      '-p',
      project,
      '--noEmit',
      '--incremental',
      '--tsBuildInfoFile',
      join('node_modules', '.cache', 'tsc', `${name}.tsbuildinfo`),
    ]);
  statics.push({
    name: 'type',
    counted: false,
    run: Promise.all([tsc('tsconfig.json', 'node'), tsc('src/renderer/tsconfig.json', 'renderer')]).then((results) => ({
      status: results.every((r) => r.status === 0) ? 0 : 1,
      output: results.map((r) => r.output).join(''),
    })),
  });
  if (selected.length === 0) {
    statics.push({
      name: 'format',
      counted: true,
      run: held('npx', [
        '--no-install',
        'prettier',
        '--check',
        '--cache',
        '--cache-strategy',
        'content',
        '--log-level',
        'warn',
        '.',
      ]),
    });
    statics.push({
      name: 'lint',
      counted: true,
      run: held('npx', [
        '--no-install',
        'eslint',
        '--cache',
        '--cache-strategy',
        'content',
        '--cache-location',
        join('node_modules', '.cache', 'eslint', ''),
        '--max-warnings',
        '0',
        '.',
      ]),
    });
  }
}

rmSync(report, { force: true });
const vitestArgs = [
  '--no-install',
  'vitest',
  'run',
  '--config',
  'test/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...args.filter((a) => a !== '--no-typecheck'),
];
const run = await new Promise((done) => {
  const child = spawn('npx', vitestArgs, { stdio: 'inherit' });
  child.on('error', () => done({ status: 1 }));
  child.on('close', (status) => done({ status }));
});

let staticPassed = 0;
let staticFailed = 0;
for (const check of statics) {
  const { status, output } = await check.run;
  if (output.trim() !== '') process.stdout.write(output);
  if (status === 0) {
    console.log(`${check.name} check passed`);
    if (check.counted) staticPassed += 1;
  } else {
    const fix = check.name === 'type' ? '' : ` (npm run ${check.name} shows and fixes what it can)`;
    console.error(`${check.name} check failed${fix}`);
    staticFailed += 1;
  }
}

let passed = staticPassed;
let failed = staticFailed;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  // A file that fails to load has no tests to count: count it as a failure so it can never pass silently.
  for (const file of json.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
  }
} else {
  failed += 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
rmSync(report, { force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
