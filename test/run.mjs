// The one test command: type check, then every vitest project, then the plain closing line CI reads.
// vitest's own summary is kept on screen; the counts come from its JSON report so the last line is exact.
import { spawnSync } from 'node:child_process';
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

let typecheckFailed = 0;
if (!args.includes('--no-typecheck')) {
  // Two projects (ARCHITECTURE.md §3): the Node side without DOM types, the renderer without Node types.
  const tsc = spawnSync('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json', '--noEmit'], { stdio: 'inherit' });
  const rendererTsc = spawnSync('npx', ['--no-install', 'tsc', '-p', 'src/renderer/tsconfig.json', '--noEmit'], {
    stdio: 'inherit',
  });
  if (tsc.status !== 0 || rendererTsc.status !== 0) {
    console.error('type check failed');
    typecheckFailed = 1;
  } else {
    console.log('type check passed');
  }
}

// Format and lint (STYLE.md: one formatter, one linter, run by npm test), each counted as one check. Skipped with
// the type check when running a chosen set of test files.
let styleFailed = 0;
let stylePassed = 0;
if (!args.includes('--no-typecheck') && selected.length === 0) {
  const checks = [
    ['format', ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.']],
    ['lint', ['--no-install', 'eslint', '--max-warnings', '0', '.']],
  ];
  for (const [name, checkArgs] of checks) {
    const check = spawnSync('npx', checkArgs, { stdio: 'inherit' });
    if (check.status === 0) {
      console.log(`${name} check passed`);
      stylePassed += 1;
    } else {
      console.error(
        `${name} check failed (npm run ${name === 'format' ? 'format' : 'lint'} shows and fixes what it can)`,
      );
      styleFailed += 1;
    }
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
const run = spawnSync('npx', vitestArgs, { stdio: 'inherit' });

let passed = stylePassed;
let failed = typecheckFailed + styleFailed;
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
