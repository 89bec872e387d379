// Printing to a device file (/dev/usb/lp0 in a bench; a pseudo-terminal here): bytes written exactly, a missing device
// never created, an ordinary file never written to, and the status saying only what a device can say.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceTransport, notADevice } from '../../../src/printing/transports/device';
import { transportFor } from '../../../src/printing/transports/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startPtyDevice } from '../../peers/ptyDevice';
import { printerConfig } from '../../fixtures/printers';

afterAll(removeTempDirs);

const LABEL = Buffer.from('^XA^CI28^FO30,30^FH_^FDCittà Forlì _5E_7E^FS^XZ\r\n', 'utf8');

describe('printing to a device file', () => {
  it('writes each job byte for byte to a character device', async () => {
    const device = await startPtyDevice();
    try {
      const transport = transportFor(
        printerConfig({ kind: 'device', path: device.path }, { id: 'usb', name: 'Zebra USB', dpi: 300 }),
      );
      expect(await transport.send(LABEL)).toEqual({ kind: 'sent' });
      expect(await transport.send(LABEL)).toEqual({ kind: 'sent' });
      const deadline = Date.now() + 5_000;
      while (device.bytes().length < 2 * LABEL.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(device.bytes().equals(Buffer.concat([LABEL, LABEL]))).toBe(true);
    } finally {
      await device.close();
    }
  });

  it('refuses an ordinary file with the reason, and leaves it as it was', async () => {
    const path = join(tempDir('device-'), 'etichette.txt');
    writeFileSync(path, 'prima\n');
    const outcome = await deviceTransport(path).send(LABEL);
    expect(outcome).toEqual({ kind: 'not_sent', error: notADevice(path) });
    expect(outcome.kind === 'not_sent' && outcome.error).toMatch(
      /non è una stampante: serve un dispositivo a caratteri/,
    );
    expect(readFileSync(path, 'utf8')).toBe('prima\n');
    expect(await deviceTransport(path).status()).toMatchObject({ state: 'problem', message: notADevice(path) });
  });

  it('says "not sent" for a missing device and does not create it', async () => {
    const path = join(tempDir('device-'), 'lp0');
    const outcome = await deviceTransport(path).send(LABEL);

    expect(outcome).toMatchObject({ kind: 'not_sent', error: expect.stringContaining('ENOENT') });
    expect(existsSync(path)).toBe(false);
  });

  it('says "not sent" for a folder where a device should be', async () => {
    expect(await deviceTransport(tempDir('device-')).send(LABEL)).toMatchObject({
      kind: 'not_sent',
      error: expect.stringContaining('EISDIR'),
    });
  });

  it('writes to a character device as it is, without truncating or creating it', async () => {
    expect(await deviceTransport('/dev/null').send(LABEL)).toEqual({ kind: 'sent' });
  });

  it('reports a missing device as unreachable and a present one as unknown', async () => {
    const dir = tempDir('device-');
    expect(await deviceTransport(join(dir, 'lp0')).status()).toMatchObject({
      state: 'unreachable',
      message: `Dispositivo non trovato: ${join(dir, 'lp0')}`,
    });
    expect(await deviceTransport('/dev/null').status()).toMatchObject({ state: 'unknown' });
  });

  // /dev/mem is a character device only root may write to.
  it.skipIf(process.getuid?.() === 0 || !existsSync('/dev/mem'))(
    'reports a device it may not write to as a problem to fix',
    async () => {
      const path = '/dev/mem';
      expect(await deviceTransport(path).status()).toMatchObject({
        state: 'problem',
        message: `Permesso negato: non si può scrivere su ${path}`,
      });
      expect(await deviceTransport(path).send(LABEL)).toMatchObject({ kind: 'not_sent' });
    },
  );
});
