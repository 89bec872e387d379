// The recipient e-mailed when their parcel needs them, through the bench's mail server and the same mail worker as the
// dropshipping e-mails: off until the operator turns it on in Settings › Banco; then one e-mail per state that needs
// the recipient (a delivery missed, held at the depot), in Italian to Italy, none for a state seen again or one that
// needs nobody; a connected bench sends them too (its remote does not tell recipients of tracking states).
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { SmtpConfigSchema } from '../../../../src/shared/domain/smtp';
import { trackingState, type KnownTrackingCode } from '../../../../src/shared/domain/tracking';
import type { Settings } from '../../../../src/shared/ipc/views';
import { validShipment } from '../../../fixtures/shipments';
import { commandValue } from '../../../helpers/stationCommands';
import { connectedOptions, useRemote } from '../../../helpers/syncSetup';
import { tempDir } from '../../../helpers/tmp';
import { startSmtpPeer, type SmtpPeer } from '../../../peers/smtpPeer';

const peers = useRemote();
let station: Station | undefined;
let mailbox: SmtpPeer | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  await mailbox?.close();
  mailbox = undefined;
});

const smtpFor = (peer: SmtpPeer) =>
  SmtpConfigSchema.parse({ host: peer.host, port: peer.port, security: 'none', from: 'banco@rossi.example' });

async function shipped(s: Station, ref: string): Promise<number> {
  const created = await s.engine.createShipment(s.caller, validShipment({ ddt_alpha: ref, labelType: 'ZPL' }));
  if (created.kind !== 'created') throw new Error(created.kind);
  return created.record.id;
}

const lived = (s: Station, id: number, codes: KnownTrackingCode[]) => {
  for (const code of codes) s.engine.parcels.seen(id, trackingState(code), Date.now());
};

describe("the recipient's e-mail when their parcel needs them", () => {
  it('is off until Settings › Banco turns it on, then goes once per state that needs the recipient', async () => {
    mailbox = await startSmtpPeer();
    station = await createStation({ dataDir: tempDir(), smtp: smtpFor(mailbox) });
    const { dispatch } = createDispatcher(station);
    expect(commandValue<Settings>(await dispatch('settings.get', {})).recipientMail).toBe(false);
    const quiet = await shipped(station, 'BANCO-AVVISO-1');
    lived(station, quiet, [17, 22]);
    expect(station.engine.recipientMail?.stateOf(station.caller, quiet)).toBeUndefined();

    expect(commandValue<Settings>(await dispatch('settings.update', { recipientMail: true })).recipientMail).toBe(true);
    const id = await shipped(station, 'BANCO-AVVISO-2');
    // In transit, missed at the door, held at the depot, back to missed (already told), delivered.
    lived(station, id, [17, 21, 22, 21, 19]);
    const [missed, held] = await mailbox.waitFor(2, 15_000);
    const waybill = (await station.engine.getShipment(station.caller, id))?.num_spedizione ?? '';
    expect(missed?.subject).toBe(`Consegna non riuscita – ${waybill}`);
    expect(held?.subject).toBe(`La sua spedizione è in giacenza – ${waybill}`);
    expect(JSON.stringify(held?.to)).toContain('anna@example.com');
    expect(held?.text).toContain(`Numero di spedizione: ${waybill}`);
    await expect
      .poll(() => station?.engine.recipientMail?.stateOf(station.caller, id), { timeout: 10_000 })
      .toEqual({ state: 'sent', attempts: 1, error: '' });
    expect(station.engine.recipientMail?.due(Date.now() + 86_400_000, 10)).toEqual([]);
    expect(mailbox.received()).toHaveLength(2);
  });

  it('goes from a connected bench too, through its own mail server', async () => {
    mailbox = await startSmtpPeer();
    station = await createStation({ ...connectedOptions(peers.proxy.url), smtp: smtpFor(mailbox) });
    expect(station.engine.mail).toBeUndefined();
    const { dispatch } = createDispatcher(station);
    commandValue(await dispatch('settings.update', { recipientMail: true }));
    const id = await shipped(station, 'BANCO-AVVISO-3');
    await station.sync?.drained(15_000);
    lived(station, id, [24]);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toMatch(/^Indirizzo di consegna da completare – \S+$/);
  });
});
