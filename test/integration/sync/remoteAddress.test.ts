// A connected bench's address as the remote receives it (issue 39): the address and its second line joined and cut
// to 50 characters, as the aggregator's own clients send them, the bench's form telling the operator first what the
// cut leaves out. Through the renderer's form store, a real station, its sync worker and the remote's HTTP API.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import type { FormField } from '../../../src/shared/domain/shipmentForm';
import { rendererApiOver } from '../../helpers/stationCommands';
import { CLIENT_IDS, connectedOptions, useRemote } from '../../helpers/syncSetup';

const peers = useRemote();
let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
});

const TYPED: Partial<Record<FormField, string>> = {
  rcpt_name: 'Marco Rinaldi',
  rcpt_addr: 'Corso Vittorio Emanuele II 81',
  rcpt_cap: '47121',
  rcpt_city: 'Forlì',
  rcpt_prov: 'FC',
  rcpt_phone: '+39 347 765 4321',
  rcpt_email: 'marco.rinaldi@example.it',
  peso: '1,5',
  volume: '0,01',
  merce: 'Olio',
};

async function remoteRecord(ddtAlpha: string): Promise<Record<string, unknown>> {
  const found = await peers.direct.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${encodeURIComponent(ddtAlpha)}`);
  expect(found.status).toBe(200);
  return found.body as Record<string, unknown>;
}

describe('the address a connected bench sends', () => {
  it('is joined with its second line and cut to 50, the operator told before the save what is left out', async () => {
    station = await createStation(connectedOptions(peers.proxy.url));
    const s = station;
    const form = createFormStore(rendererApiOver(s), { suggest: 1, quote: 1 });
    form.getState().init(CLIENT_IDS, 'connected');
    form
      .getState()
      .setValues({ ...TYPED, ddt_alpha: 'RINALDI-1', rcpt_addr2: 'Scala B, interno 7, c/o Studio Bianchi' });
    const joined = 'Corso Vittorio Emanuele II 81 Scala B, interno 7, c/o Studio Bianchi';

    // The first save stops at the second line, saying what the remote would not get; nothing is stored.
    expect(await form.getState().submit()).toBe(false);
    expect(form.getState().visibleError('rcpt_addr2')).toMatchObject({ code: 'remoteCut', value: joined.slice(50) });
    expect(form.getState().focus.field).toBe('rcpt_addr2');
    expect(s.sync?.status().pending).toBe(0);
    // Saved again as it is: sent cut, as the aggregator's own clients send it; the bench keeps both lines.
    expect(await form.getState().submit()).toBe(true);
    const id = form.getState().saved?.id ?? 0;
    await s.sync?.drained(30_000);
    const remote = await remoteRecord('RINALDI-1');
    // Sent as the clients cut it, ending on the space after "7," (test/unit/sync/remoteRequest.test.ts); the remote,
    // our own service, keeps it trimmed.
    expect(remote.rcpt_addr).toBe(joined.slice(0, 50).trimEnd());
    expect(remote.rcpt_addr2).toBe('');
    expect(s.engine.getShipment(s.caller, id)).toMatchObject({
      rcpt_addr: 'Corso Vittorio Emanuele II 81',
      rcpt_addr2: 'Scala B, interno 7, c/o Studio Bianchi',
    });

    // Lines that fit together are sent joined at once, with nothing to tell.
    form.getState().setValues({ ...TYPED, ddt_alpha: 'RINALDI-2', rcpt_addr2: 'Scala B' });
    expect(await form.getState().submit()).toBe(true);
    await s.sync?.drained(30_000);
    expect((await remoteRecord('RINALDI-2')).rcpt_addr).toBe('Corso Vittorio Emanuele II 81 Scala B');
  });
});
