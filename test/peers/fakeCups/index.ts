// A fake CUPS for tests: the `lp` and `lpstat` scripts in ./bin, configured through a folder of their own, and an
// environment whose PATH finds them first (given to the spawned commands only, never to the test process).
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDir, tempDir } from '../../helpers/tmp';

export interface FakeQueue {
  name: string;
  state?: 'idle' | 'printing' | 'disabled';
  /** The line lpstat prints under a disabled queue ("Paused", "Unplugged or turned off"). */
  reason?: string;
  /** false: lp refuses jobs for it ("not accepting jobs"). */
  accepting?: boolean;
  /** Listed by `lpstat -e` only, like a printer the system found on the network but has not set up. */
  discoveredOnly?: boolean;
}

export interface FakeCupsConfig {
  queues: FakeQueue[];
  default?: string;
  /** 'hang': lp reads the job and never answers. */
  lp?: 'ok' | 'hang';
  /** 'no-scheduler': lpstat fails as it does when cupsd is stopped. */
  lpstat?: 'ok' | 'no-scheduler';
}

export interface FakeJob {
  id: number;
  queue: string;
  /** The -o options lp was given (`raw` for ZPL). */
  options: string[];
  args: string[];
  bytes: Buffer;
}

export interface FakeCups {
  /** The environment for lp and lpstat: PATH starts with the fake commands. */
  env: NodeJS.ProcessEnv;
  /** An environment whose PATH finds neither lp nor lpstat. */
  envWithoutCups: NodeJS.ProcessEnv;
  configure(config: FakeCupsConfig): void;
  jobs(): FakeJob[];
  /** How many jobs it holds, not counting one lp is still writing down. */
  jobCount(): number;
  remove(): void;
}

export const FAKE_CUPS_BIN = fileURLToPath(new URL('./bin', import.meta.url));

export function startFakeCups(config: FakeCupsConfig): FakeCups {
  // A checkout can lose the executable bit; the scripts are run by name, so they need it.
  for (const script of ['lp', 'lpstat']) chmodSync(join(FAKE_CUPS_BIN, script), 0o755);
  const dir = tempDir('fake-cups-');
  const jobsDir = join(dir, 'jobs');
  mkdirSync(jobsDir);
  const emptyDir = join(dir, 'empty');
  mkdirSync(emptyDir);
  const configure = (next: FakeCupsConfig) => writeFileSync(join(dir, 'config.json'), JSON.stringify(next));
  configure(config);

  const jobs = () =>
    readdirSync(jobsDir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const meta = JSON.parse(readFileSync(join(jobsDir, name), 'utf8')) as Omit<FakeJob, 'bytes'>;
        return { ...meta, bytes: readFileSync(join(jobsDir, name.replace(/\.json$/, '.bin'))) };
      });

  return {
    env: { ...process.env, FAKE_CUPS_DIR: dir, PATH: [FAKE_CUPS_BIN, process.env.PATH ?? ''].join(delimiter) },
    // An empty folder only: not even a real lp installed on the machine can be found.
    envWithoutCups: { ...process.env, FAKE_CUPS_DIR: dir, PATH: emptyDir },
    configure,
    jobs,
    // lp opens a job's .json first and writes it last, after its bytes: an empty one is a job still arriving.
    jobCount: () =>
      readdirSync(jobsDir).filter((name) => name.endsWith('.json') && statSync(join(jobsDir, name)).size > 0).length,
    remove: () => removeTempDir(dir),
  };
}
