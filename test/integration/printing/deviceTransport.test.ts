// Printing to a device file (/dev/usb/lp0 in a bench; a regular file here): bytes appended exactly, a missing
// device never created by mistake, and the status saying only what a device can say.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceTransport } from '../../../src/printing/transports/device';
import { transportFor } from '../../../src/printing/transports/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

afterAll(removeTempDirs);

const LABEL = Buffer.from('^XA^CI28^FO30,30^FH_^FDCittà Forlì _5E_7E^FS^XZ\r\n', 'utf8');

describe('printing to a device file', () => {
  it('appends each job byte for byte after what is already there', async () => {
    const path = join(tempDir('device-'), 'lp0');
    writeFileSync(path, 'prima\n');
    const transport = transportFor({
      id: 'usb', name: 'Zebra USB', language: 'ZPL', dpi: 300, labelSize: { widthMm: 100, heightMm: 150 }, target: { kind: 'device', path },
    });

    expect(await transport.send(LABEL)).toEqual({ kind: 'sent' });
    expect(await transport.send(LABEL)).toEqual({ kind: 'sent' });
    expect(readFileSync(path).equals(Buffer.concat([Buffer.from('prima\n'), LABEL, LABEL]))).toBe(true);
  });

  it('says "not sent" for a missing device and does not create it', async () => {
    const path = join(tempDir('device-'), 'lp0');
    const outcome = await deviceTransport(path).send(LABEL);

    expect(outcome).toMatchObject({ kind: 'not_sent', error: expect.stringContaining('ENOENT') });
    expect(existsSync(path)).toBe(false);
  });

  it('says "not sent" for a folder where a device should be', async () => {
    expect(await deviceTransport(tempDir('device-')).send(LABEL)).toMatchObject({ kind: 'not_sent', error: expect.stringContaining('EISDIR') });
  });

  it('writes to a character device as it is, without truncating or creating it', async () => {
    expect(await deviceTransport('/dev/null').send(LABEL)).toEqual({ kind: 'sent' });
  });

  it('reports a missing device as unreachable and a present one as unknown', async () => {
    const dir = tempDir('device-');
    expect(await deviceTransport(join(dir, 'lp0')).status()).toMatchObject({ state: 'unreachable', message: `Dispositivo non trovato: ${join(dir, 'lp0')}` });
    writeFileSync(join(dir, 'lp1'), '');
    expect(await deviceTransport(join(dir, 'lp1')).status()).toMatchObject({ state: 'unknown' });
  });

  it.skipIf(process.getuid?.() === 0)('reports a device it may not write to as a problem to fix', async () => {
    const path = join(tempDir('device-'), 'lp0');
    writeFileSync(path, '', { mode: 0o444 });
    expect(await deviceTransport(path).status()).toMatchObject({ state: 'problem', message: `Permesso negato: non si può scrivere su ${path}` });
    expect(await deviceTransport(path).send(LABEL)).toMatchObject({ kind: 'not_sent' });
  });
});
