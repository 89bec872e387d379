// Dropshipping at a standalone bench: with a mail server the waybill goes to the sender by e-mail from the station
// itself (the same engine and mail worker as the service); without one the bench is told why it cannot; a connected
// bench leaves the e-mail to its remote (which here, having no mail server, refuses the field) and sends none.
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandOutput } from '../../../../src/shared/ipc/commands';
import type { Result } from '../../../../src/shared/ipc/result';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { SmtpConfigSchema } from '../../../../src/shared/domain/smtp';
import { validShipment } from '../../../fixtures/shipments';
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
const dropship = (ref: string) =>
  validShipment({ ddt_alpha: ref, dropshipping: 1, sender_email: 'magazzino@rossi.example', labelType: 'ZPL' });

describe('dropshipping at the bench', () => {
  it('e-mails the waybill from a standalone station with a mail server', async () => {
    mailbox = await startSmtpPeer();
    station = await createStation({ dataDir: tempDir(), smtp: smtpFor(mailbox) });
    const created = await createDispatcher(station).dispatch('shipments.create', { body: dropship('BANCO-DROP-1') });
    expect(created.ok).toBe(true);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toContain('ordine BANCO-DROP-1');
    expect(mail?.attachments).toHaveLength(1);
    // The bench sees it on the shipment's detail.
    const id = created.ok ? (created.value as { id: number }).id : 0;
    const mailState = async () => {
      const detail = (await createDispatcher(station as Station).dispatch('shipments.get', { id })) as Result<
        CommandOutput<'shipments.get'>
      >;
      return detail.ok ? detail.value.mail : undefined;
    };
    await expect.poll(mailState, { timeout: 10_000 }).toEqual({ state: 'sent', attempts: 1, error: '' });
  });

  it('shows on the shipment a refusal by the mail server, with the server’s words', async () => {
    mailbox = await startSmtpPeer({ refuseWith: '5.1.1 Casella inesistente' });
    station = await createStation({ dataDir: tempDir(), smtp: smtpFor(mailbox) });
    const dispatcher = createDispatcher(station);
    const created = await dispatcher.dispatch('shipments.create', { body: dropship('BANCO-DROP-550') });
    const id = created.ok ? (created.value as { id: number }).id : 0;
    const mailState = async () => {
      const detail = (await dispatcher.dispatch('shipments.get', { id })) as Result<CommandOutput<'shipments.get'>>;
      return detail.ok ? detail.value.mail : undefined;
    };
    await expect
      .poll(mailState, { timeout: 10_000 })
      .toEqual({ state: 'failed', attempts: 1, error: '550 5.1.1 Casella inesistente' });
  });

  it('tells a bench without a mail server why it cannot, and stores nothing', async () => {
    station = await createStation({ dataDir: tempDir() });
    const refused = await createDispatcher(station).dispatch('shipments.create', { body: dropship('BANCO-DROP-2') });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(refused.ok ? '' : refused.error.message).toContain('manca il server SMTP');
    expect(station.engine.getShipmentByDdtAlpha(station.caller, 'BANCO-DROP-2').kind).toBe('not_found');
  });

  it('leaves the e-mail to the remote at a connected bench: the field travels, no e-mail leaves here', async () => {
    mailbox = await startSmtpPeer();
    station = await createStation({ ...connectedOptions(peers.proxy.url), smtp: smtpFor(mailbox) });
    expect(station.engine.mail).toBeUndefined();
    const outcome = await station.engine.createShipment(station.caller, dropship('BANCO-DROP-3'));
    if (outcome.kind !== 'created') throw new Error(outcome.kind);
    await station.sync?.drained(15_000);
    // This remote has no mail server: it refuses the field, and the bench shows its words on the shipment.
    const detail = (await createDispatcher(station).dispatch('shipments.get', { id: outcome.record.id })) as Result<
      CommandOutput<'shipments.get'>
    >;
    expect(detail.ok && detail.value.row.syncError).toContain('dropshipping: invio della lettera di vettura');
    expect(mailbox.received()).toEqual([]);
  });
});
