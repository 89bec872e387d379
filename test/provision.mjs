// What the tests need beyond `npm ci`, provided by `npm test` itself so the README's two commands are all the set-up:
// a Chromium for the UI tests (playwright-core never downloads a browser of its own, and the project's network reaches
// only the npm registry and Debian) and socat for the scale tests. Installed from Debian when missing, as Playwright's
// `install --with-deps` does; where that cannot be done the run stops at once with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/**
 * Where the UI tests and `npm run bench` look for the browser; CHROMIUM_PATH points elsewhere (macOS, a snap…).
 * Debian's headless shell: Chromium's own headless build (the one Playwright runs headless), the same Blink and V8
 * without the desktop browser around them. The UI tests cost 146 s of Chromium's CPU with it against 192 s with the
 * full browser, the same 55 tests passing (the suite's time is CPU on two cores), and its package is smaller.
 */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

const NEEDS = [
  {
    what: 'Chromium',
    present: () => existsSync(chromiumPath()),
    debianPackages: ['chromium-headless-shell'],
    why: 'the UI tests drive the bench screens in a real Chromium',
    by: (selected) => selects(selected, testFiles('test/ui')),
    otherwise: 'or set CHROMIUM_PATH to a Chromium binary',
  },
  {
    what: 'socat',
    present: () => has('socat'),
    debianPackages: ['socat'],
    why: 'the scale tests play a serial scale on a pseudo-terminal pair',
    by: (selected) => selects(selected, testFiles('test/integration/scale')),
  },
];

/** The test files under a folder (and its subfolders), as vitest's filters see them: `test/ui/x.test.ts`. */
const testFiles = (dir) =>
  (existsSync(dir) ? readdirSync(dir, { recursive: true }) : [])
    .map((name) => `${dir}/${String(name).split('\\').join('/')}`)
    .filter((file) => file.endsWith('.test.ts'));
// vitest keeps the files whose path contains a filter: a need counts when none is given or one keeps its files.
const selects = (selected, files) =>
  selected.length === 0 || files.some((file) => selected.some((filter) => file.includes(filter)));
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** How this machine can install Debian packages: directly as root, through passwordless sudo, or not at all. */
function aptRunner() {
  if (process.platform !== 'linux' || !has('apt-get') || !has('dpkg')) return undefined;
  if (typeof process.getuid === 'function' && process.getuid() === 0) return [];
  if (has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return undefined;
}

function aptInstall(prefix, packages) {
  const run = (args) => {
    const [command, ...rest] = [...prefix, ...args];
    return (
      spawnSync(command, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    );
  };
  return run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', ...packages]);
}

/**
 * Installs what the selected tests need and is missing. Returns undefined when all is there, or the one line to print
 * when something is missing and cannot be installed here.
 * @param {string[]} selected test file filters given to `npm test` (none: every test)
 */
export function provide(selected) {
  const missing = NEEDS.filter((need) => need.by(selected) && !need.present());
  if (missing.length === 0) return undefined;
  const packages = missing.flatMap((need) => need.debianPackages);
  const runner = aptRunner();
  if (runner) {
    console.log(
      `npm test: installing ${missing.map((n) => n.what).join(', ')} from Debian (${packages.join(' ')}): ` +
        `${missing.map((n) => n.why).join('; ')}…`,
    );
    if (aptInstall(runner, packages) && missing.every((need) => need.present())) return undefined;
  }
  const stillMissing = missing.filter((need) => !need.present());
  return stillMissing
    .map(
      (need) =>
        `npm test needs ${need.what} (${need.why}) and could not install it here: run \`sudo apt-get install -y ` +
        `${need.debianPackages.join(' ')}\` (Debian/Ubuntu)${need.otherwise ? ` ${need.otherwise}` : ''}, ` +
        'then npm test again.',
    )
    .join('\n');
}
