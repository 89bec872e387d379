// Return labels through the command table at a real station: from a departed shipment, printed once at the bench's
// Zebra (auto-print off) and e-mailed to the customer with the label as a PDF through a real SMTP server; the two
// shipments name each other, and the order it came from shows it. A connected bench sends the return to the remote
// like any create: it reaches `npm run serve` (a process of its own) marked as a return (flag_reso 1), ShipmentsList
// finds it with reso=1, and its e-mail waits for the remote's label; an answer lost on the way is resolved by the
// return's own reference, so it reaches the remote once.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/station/dispatch';
import { createStation, type Station } from '../../../src/station/index';
import { SmtpConfigSchema } from '../../../src/shared/domain/smtp';
import type { ShipmentsListAnswer } from '../../../src/shared/api/shipmentsList';
import type { ShipmentDetail } from '../../../src/shared/ipc/views';
import { orderDraft, shipmentOfOrder, validShipment } from '../../fixtures/shipments';
import type { WaitingOrder } from '../../../src/shared/domain/orders';
import { tcpPrinter } from '../../fixtures/printers';
import { commandValue } from '../../helpers/stationCommands';
import { apiClient } from '../../helpers/api';
import { CLIENT_IDS, connectedOptions, REMOTE_KEY, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { startService, type ServicePeer } from '../../peers/service';
import { tempDir } from '../../helpers/tmp';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtpPeer';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

let station: Station | undefined;
let mailbox: SmtpPeer | undefined;
let zebra: ZebraPrinter | undefined;
let hub: ServicePeer | undefined;
const peers = useRemote();
afterEach(async () => {
  await hub?.stop();
  hub = undefined;
  await station?.close();
  station = undefined;
  await mailbox?.close();
  mailbox = undefined;
  await zebra?.close();
  zebra = undefined;
});

const smtpFor = (peer: SmtpPeer) =>
  SmtpConfigSchema.parse({ host: peer.host, port: peer.port, security: 'none', from: 'banco@rossi.example' });

const SHOP = { sender_phone: '051123456', sender_email: 'negozio@rossi.example' };

async function departed(s: Station, ref: string): Promise<number> {
  const made = await s.engine.createShipment(s.caller, validShipment({ ddt_alpha: ref, colli: 2, peso: 4, ...SHOP }));
  if (made.kind !== 'created') throw new Error(made.kind);
  // A connected bench confirms once the remote has the shipment (before, it is still "processing").
  await s.sync?.drained(15_000);
  const confirmed = await s.engine.confirmByIds(s.caller, [made.record.id], false);
  expect(confirmed).toMatchObject({ kind: 'done', errors: [] });
  return made.record.id;
}

describe('a return label made at the bench', () => {
  it("offers the courier's return service, prints the label once and e-mails it to the customer as a PDF", async () => {
    mailbox = await startSmtpPeer();
    zebra = await startZebraPrinter();
    station = await createStation({
      dataDir: tempDir(),
      smtp: smtpFor(mailbox),
      printing: { printers: [tcpPrinter(zebra, { dpi: 203 })], autoPrint: false, retryMs: 40 },
    });
    const { dispatch } = createDispatcher(station);
    const outward = await departed(station, 'ORD-501');
    const draft = commandValue<{ servizio: number; colli: number; peso: number; services: { name: string }[] }>(
      await dispatch('returns.draft', { id: outward }),
    );
    expect(draft).toMatchObject({ servizio: 4, colli: 2, peso: 4, customerEmail: 'anna@example.com', canMail: true });
    expect(draft.services[0]).toEqual({ id: 4, name: 'Reso', forReturns: true });

    const made = commandValue<{ id: number; ddtAlpha: string; mailedTo: string }>(
      await dispatch('returns.make', { id: outward, servizio: 4, colli: 1, peso: 3.5, print: true, mail: 'it' }),
    );
    expect(made).toMatchObject({ ddtAlpha: 'ORD-501-R1', mailedTo: 'anna@example.com' });
    await zebra.waitForLabels(1, 10_000);
    const back = await station.engine.getShipment(station.caller, made.id);
    expect(zebra.labels()[0]).toContain(back?.num_spedizione);
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toBe('Etichetta per il reso – ordine ORD-501');
    expect(JSON.stringify(mail?.to)).toContain('anna@example.com');
    expect(mail?.text).toContain(`Numero di spedizione del reso: ${back?.num_spedizione}`);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`reso-${back?.num_spedizione}.pdf`, 'application/pdf'],
    ]);

    const outwardDetail = commandValue<ShipmentDetail>(await dispatch('shipments.get', { id: outward }));
    expect(outwardDetail.returns.map((r) => r.ddtAlpha)).toEqual(['ORD-501-R1']);
    const returnDetail = commandValue<ShipmentDetail>(await dispatch('shipments.get', { id: made.id }));
    expect(returnDetail).toMatchObject({ row: { reso: true }, returnOf: { id: outward, ddtAlpha: 'ORD-501' } });
    await expect
      .poll(async () => commandValue<ShipmentDetail>(await dispatch('shipments.get', { id: made.id })).returnMail)
      .toMatchObject({ state: 'sent', to: 'anna@example.com' });
    const listed = commandValue<{ rows: { id: number }[] }>(
      await dispatch('shipments.list', { view: 'departing', reso: true }),
    );
    expect(listed.rows.map((r) => r.id)).toEqual([made.id]);
    // Printed once: asking again without a reason prints nothing more.
    expect(commandValue<{ queued: number }>(await dispatch('printing.printLabels', { ids: [made.id] })).queued).toBe(0);
  });

  it('shows on the order it came from, in the shipped orders', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    station.engine.orders.add(station.caller, [orderDraft('ORD-701')], 'negozio.csv');
    const order = station.engine.orders.find(station.caller, 'ORD-701');
    if (!order) throw new Error('no order');
    const body = shipmentOfOrder(order, SHOP);
    commandValue(await dispatch('shipments.create', { body, orderId: order.id }));
    const shipped = station.engine.orders.find(station.caller, 'ORD-701')?.shipmentId ?? 0;
    await station.engine.confirmByIds(station.caller, [shipped], false);
    const asked = { id: shipped, servizio: 4, colli: 1, peso: 1, print: false, mail: null };
    expect(commandValue<{ ddtAlpha: string }>(await dispatch('returns.make', asked)).ddtAlpha).toBe('ORD-701-R1');
    const list = commandValue<{ rows: WaitingOrder[] }>(await dispatch('orders.list', { state: 'shipped' }));
    expect(list.rows.find((o) => o.orderRef === 'ORD-701')?.returns).toEqual(['ORD-701-R1']);
  });

  it('is refused for a shipment that has not left, and its e-mail without a mail server, making nothing', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const waiting = await station.engine.createShipment(station.caller, validShipment({ ddt_alpha: 'ORD-502' }));
    if (waiting.kind !== 'created') throw new Error(waiting.kind);
    expect(await dispatch('returns.draft', { id: waiting.record.id })).toMatchObject({
      ok: false,
      error: { message: 'Il reso si fa da una spedizione partita (confermata)' },
    });
    const outward = await departed(station, 'ORD-503');
    const asked = { id: outward, servizio: 4, colli: 1, peso: 2, print: false, mail: 'en' };
    expect(await dispatch('returns.make', asked)).toMatchObject({ ok: false });
    expect(station.engine.returns.links(station.caller, outward)?.returns).toEqual([]);
  });
});

describe('a return made at a connected bench', () => {
  it('reaches `npm run serve` as a return, listed by ShipmentsList with reso=1, its e-mail following', async () => {
    mailbox = await startSmtpPeer();
    // The remote is `npm run serve` itself: the service's command line in a process of its own.
    const users = [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }];
    hub = await startService({ dataDir: tempDir(), config: { instance: 'hub', users, throttle: false } });
    const direct = apiClient(hub.baseUrl, REMOTE_KEY);
    station = await createStation({ ...connectedOptions(hub.baseUrl), smtp: smtpFor(mailbox) });
    const { dispatch } = createDispatcher(station);
    const outward = await departed(station, 'ORD-601');
    await station.sync?.drained(15_000);
    const made = commandValue<{ id: number; ddtAlpha: string }>(
      await dispatch('returns.make', { id: outward, servizio: 1, colli: 1, peso: 2, print: false, mail: 'en' }),
    );
    expect(made.ddtAlpha).toBe('ORD-601-R1');
    await station.sync?.drained(15_000);
    const all = 'data_da=2000-01-01%2000:00:00&data_a=2100-12-31%2023:59:59';
    const returns = await direct.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${all}&reso=1`);
    const there = returns.body.payload.find((r) => r.ddt_alpha === 'ORD-601-R1');
    expect(there).toMatchObject({ flag_reso: 1, rcpt_email: 'negozio@rossi.example', status: 0 });
    const outwards = await direct.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${all}&reso=0`);
    expect(outwards.body.payload.map((r) => r.ddt_alpha)).toContain('ORD-601');
    expect(outwards.body.payload.map((r) => r.ddt_alpha)).not.toContain('ORD-601-R1');
    const [mail] = await mailbox.waitFor(1, 15_000);
    expect(mail?.subject).toBe('Your return label – order ORD-601');
    expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
  });

  it('is sent once when the answer to its create is lost, the outward reference naming one shipment', async () => {
    station = await createStation(connectedOptions(peers.proxy.url));
    const { dispatch } = createDispatcher(station);
    const outward = await departed(station, 'ORD-801');
    await station.sync?.drained(15_000);
    // The remote takes the return, then its answer is lost: the bench finds it by its own reference, not again.
    peers.proxy.setPlan({ script: ['loseResponse'], match: { method: 'POST', pathIncludes: '/Shipment' } });
    const asked = { id: outward, servizio: 1, colli: 1, peso: 2, print: false, mail: null };
    const made = commandValue<{ id: number }>(await dispatch('returns.make', asked));
    await station.sync?.drained(20_000);
    expect(peers.proxy.stats().faults.loseResponse).toBe(1);
    expect(await remoteCopies(peers.direct, 'ORD-801-R1')).toBe('one');
    expect(await remoteCopies(peers.direct, 'ORD-801')).toBe('one');
    const back = await station.engine.getShipment(station.caller, made.id);
    expect(back).toMatchObject({ flag_reso: 1, status: 0 });
    expect(back?.num_spedizione).not.toBe('');
  });
});
