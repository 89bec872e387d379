// "Anteprima e stampa": the desktop host gets the manifest's own PDF to show with the print dialog; a host that cannot
// show one (the browser station) says what to use instead, and the screen is told which it is.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createKeyStore, plainCodec } from '../../../../src/station/settings/keyStore';
import { startStationRuntime, type HostCapabilities, type StationRuntime } from '../../../../src/station/runtime';
import { validShipment } from '../../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const running: StationRuntime[] = [];
afterEach(async () => {
  for (const runtime of running.splice(0)) await runtime.close();
  removeTempDirs();
});

async function benchWithManifest(host?: HostCapabilities) {
  const dataDir = tempDir();
  const runtime = await startStationRuntime({
    dataDir,
    keyStore: createKeyStore(join(dataDir, 'secrets.json'), plainCodec()),
    ...(host ? { host } : {}),
  });
  running.push(runtime);
  const dispatcher = createDispatcher(runtime);
  const created = await dispatcher.dispatch('shipments.create', { body: validShipment({ labelType: 'ZPL' }) });
  if (!created.ok) throw new Error(created.error.message);
  const confirmed = await dispatcher.dispatch('confirm.byIds', {
    ids: [(created.value as { id: number }).id],
    createManifest: true,
  });
  if (!confirmed.ok) throw new Error(confirmed.error.message);
  return { dispatcher, manifestId: (confirmed.value as { manifestId: number }).manifestId };
}

describe('showing a manifest with the print dialog', () => {
  it('hands the desktop host the manifest PDF with its title', async () => {
    const shown: { pdf: Buffer; title: string }[] = [];
    const { dispatcher, manifestId } = await benchWithManifest({
      showPdf: async (pdf, title) => {
        shown.push({ pdf, title });
        return { ok: true };
      },
    });

    expect(await dispatcher.dispatch('station.info', {})).toMatchObject({ ok: true, value: { canShowPdf: true } });
    expect(await dispatcher.dispatch('manifests.show', { id: manifestId })).toEqual({ ok: true, value: {} });
    const pdf = await dispatcher.dispatch('manifests.pdf', { id: manifestId });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe(`Distinta ${manifestId}`);
    expect(shown[0]?.pdf.toString('base64')).toBe((pdf as { ok: true; value: { base64: string } }).value.base64);
    expect(await dispatcher.dispatch('manifests.show', { id: manifestId + 100 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('tells the browser station to save the PDF instead', async () => {
    const { dispatcher, manifestId } = await benchWithManifest();

    expect(await dispatcher.dispatch('station.info', {})).toMatchObject({ ok: true, value: { canShowPdf: false } });
    expect(await dispatcher.dispatch('manifests.show', { id: manifestId })).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringContaining('Salva PDF') },
    });
  });
});
