// One process per data folder: a second station or service on a folder in use says who holds it and exits non-zero;
// a holder killed with -9 leaves nothing that blocks the next start; a clean close lets the next one in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderInUseError, lockDataFolder } from '../../../../src/engine/index';
import { createKeyStore, plainCodec } from '../../../../src/station/settings/keyStore';
import { startStationRuntime } from '../../../../src/station/runtime';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { runServiceCli, startService } from '../../../peers/service';
import { runStationCli, startStationProcess } from '../../../peers/station';

afterAll(removeTempDirs);

describe('the data folder lock', () => {
  it("refuses a second headless station on the folder, naming the first one's pid, and exits non-zero", async () => {
    const data = tempDir();
    const first = await startStationProcess(['--data', data]);
    try {
      const second = await runStationCli(['--data', data]);
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(
        `Cartella dati già in uso (${data}): la usa la postazione con pid ${first.process.pid}, avviata il `,
      );
      expect(first.process.exitCode).toBeNull();
    } finally {
      await first.stop();
    }
  });

  it('lets a new station start at once after the holder was killed with -9', async () => {
    const data = tempDir();
    const first = await startStationProcess(['--data', data]);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    const next = await startStationProcess(['--data', data]);
    try {
      expect(next.output()).toContain('local API listening on');
    } finally {
      await next.stop();
    }
  });

  it('is released by a clean stop, its note about the holder removed', async () => {
    const data = tempDir();
    const first = await startStationProcess(['--data', data]);
    expect(existsSync(join(data, 'data-folder.lock.json'))).toBe(true);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(data, 'data-folder.lock.json'))).toBe(false);
    const next = await startStationProcess(['--data', data]);
    await next.stop();
  });

  it('lets exactly one of two stations started at the same instant run', async () => {
    const data = tempDir();
    const both = await Promise.allSettled([
      startStationProcess(['--data', data]),
      startStationProcess(['--data', data]),
    ]);
    const running = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = both.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    try {
      expect(running).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toContain(`la usa la postazione con pid ${running[0]?.process.pid}`);
    } finally {
      await Promise.all(running.map((peer) => peer.stop()));
    }
  });

  it(
    'refuses a second `npm run serve` on its folder, naming ' + 'the service and its pid, until the first is killed',
    async () => {
      const data = tempDir();
      const first = await startService({ dataDir: data });
      try {
        const second = await runServiceCli(['--port', '0', '--host', '127.0.0.1', '--data', data]);
        expect(second.code).not.toBe(0);
        expect(second.output).toContain(
          `Cartella dati già in uso (${data}): la usa il servizio con pid ${first.process.pid}, avviato il `,
        );
      } finally {
        await first.stop('SIGKILL');
      }
      const next = await startService({ dataDir: data });
      await next.stop();
    },
  );

  it(
    'keeps a folder a station holds from a second station ' + 'runtime in the same process (every host starts one)',
    async () => {
      const data = tempDir();
      const keyStore = () => createKeyStore(join(data, 'secrets.json'), plainCodec());
      const first = await startStationRuntime({ dataDir: data, keyStore: keyStore() });
      try {
        const second = startStationRuntime({ dataDir: data, keyStore: keyStore() });
        await expect(second).rejects.toBeInstanceOf(FolderInUseError);
        await expect(second).rejects.toThrow(`la usa la postazione con pid ${process.pid}`);
      } finally {
        await first.close();
      }
      const again = await lockDataFolder(data, 'servizio');
      again.release();
    },
  );
});
