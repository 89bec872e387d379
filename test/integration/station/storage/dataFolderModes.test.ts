// Recipients' personal data is the user's alone: a data folder made by the station or the service is 0700 and every
// file in it 0600 (database, WAL, shared memory, lock, connection, key file), and an older 0755/0644 folder is
// tightened at the next start.
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveConnection } from '../../../../src/station/connection/connection';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startService } from '../../../peers/service';
import { startStationProcess } from '../../../peers/station';

afterAll(removeTempDirs);

/** Every folder and file under `dir` (the folder included), as `path folder|file mode` with the mode in octal. */
function modes(dir: string): string[] {
  const found = [`${dir} folder ${(statSync(dir).mode & 0o777).toString(8)}`];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    found.push(
      ...(statSync(path).isDirectory() ? modes(path) : [`${path} file ${(statSync(path).mode & 0o777).toString(8)}`]),
    );
  }
  return found;
}

/** The entries that are not the user's alone: a folder must be 700, a file 600. */
const readableByOthers = (entries: string[]) =>
  entries.filter((e) => !e.endsWith(' folder 700') && !e.endsWith(' file 600'));

/** What an older version left: folder 0755, files 0644. */
function loosen(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o644);
}

describe('permissions of the data folder', () => {
  it(
    'a headless station makes its folder 0700 and every ' + 'file 0600, and tightens a 0755/0644 folder at start',
    async () => {
      const data = join(tempDir(), 'bench', 'station');
      const first = await startStationProcess(['--data', data]);
      const running = modes(data);
      await first.stop();
      expect(running.length).toBeGreaterThanOrEqual(5);
      expect(running.some((entry) => entry.includes('station.sqlite-wal'))).toBe(true);
      expect(readableByOthers(running)).toEqual([]);
      expect(statSync(join(data, '..')).mode & 0o777).toBe(0o700);

      writeFileSync(join(data, 'connection.json'), '{"mode":"standalone"}\n', { mode: 0o644 });
      writeFileSync(join(data, 'secrets.json'), '{}\n', { mode: 0o644 });
      loosen(data);
      const again = await startStationProcess(['--data', data]);
      const tightened = modes(data);
      await again.stop();
      expect(tightened.some((entry) => entry.includes('connection.json'))).toBe(true);
      expect(readableByOthers(tightened)).toEqual([]);
    },
  );

  it('the station writes its connection file 0600 in a 0700 folder', () => {
    const data = join(tempDir(), 'new-station');
    saveConnection(data, { mode: 'standalone' });
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(join(data, 'connection.json')).mode & 0o777).toBe(0o600);
  });

  it('npm run serve makes its folder 0700 and every file 0600, and tightens a 0755/0644 folder at start', async () => {
    const data = join(tempDir(), 'service-data');
    const first = await startService({ dataDir: data });
    const running = modes(data);
    await first.stop();
    expect(running.some((entry) => entry.includes('service-demo.sqlite-shm'))).toBe(true);
    expect(readableByOthers(running)).toEqual([]);

    loosen(data);
    const again = await startService({ dataDir: data });
    const tightened = modes(data);
    await again.stop();
    expect(tightened.length).toBeGreaterThanOrEqual(3);
    expect(readableByOthers(tightened)).toEqual([]);
  });
});
