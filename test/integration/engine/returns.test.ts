// Return labels in a real engine over a SQLite file: a departed shipment's return has the customer as its sender and
// the shop as its recipient, the outward reference with "-R<n>" and flag_reso 1; the two name each other; the list
// filters returns; the customer's recent address is never the shop's; the label's e-mail goes in Italian or English
// with the label as a PDF attached, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

const KEY = 'returns-key-0001';
let engine: Engine;
let caller: Caller;

beforeAll(() => {
  ({ engine, caller } = openEngine(KEY, {
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    labelThreads: false,
    noticeMailFrom: 'Magazzino Demo <spedizioni@magazzino.example>',
  }));
});
afterAll(closeEngines);

const SHOP = { sender_phone: '051123456', sender_email: 'negozio@magazzino.example', sender_contact: 'Ufficio resi' };

async function create(body: Record<string, unknown>) {
  const outcome = await engine.createShipment(caller, body);
  if (outcome.kind !== 'created') throw new Error(outcome.kind === 'invalid' ? outcome.error : 'not created');
  return outcome.record;
}

async function departed(ref: string) {
  const made = await create(validShipment({ ddt_alpha: ref, labelType: 'ZPL', colli: 2, peso: 4, ...SHOP }));
  await engine.confirmByIds(caller, [made.id], false);
  return made;
}

async function makeReturn(outwardId: number, servizio = 4) {
  const request = engine.returns.request(caller, outwardId, { corriere: 70, servizio, colli: 1, peso: 3 });
  if (!request.ok) throw new Error(request.error);
  return create(request.body);
}

describe('a return made from a departed shipment', () => {
  it('swaps sender and recipient, keeps the reference with -R1 and is marked as a return', async () => {
    const outward = await departed('ORD-1001');
    const back = await makeReturn(outward.id);
    expect(back).toMatchObject({
      ddt_alpha: 'ORD-1001-R1',
      flag_reso: 1,
      corriere: 70,
      servizio: 4,
      colli: 1,
      peso: 3,
      status: 0,
      sender_name: 'Libreria Bianchi',
      sender_contact: 'Anna Bianchi',
      sender_addr: 'Corso Garibaldi 5',
      sender_city: 'Forlì',
      sender_email: 'anna@example.com',
      rcpt_name: 'Magazzino Demo',
      rcpt_contact: 'Ufficio resi',
      rcpt_addr: 'Via Emilia 100',
      rcpt_city: 'Bologna',
      rcpt_email: 'negozio@magazzino.example',
    });
    expect(back.num_spedizione).not.toBe('');
    expect(engine.returns.links(caller, outward.id)).toMatchObject({
      returns: [{ id: back.id, ddtAlpha: 'ORD-1001-R1' }],
      returnOf: null,
    });
    expect(engine.returns.links(caller, back.id)).toMatchObject({ returns: [], returnOf: { id: outward.id } });
    // The outward reference still names one shipment: the lookup by reference (how a lost answer is resolved) works.
    expect(engine.getShipmentByDdtAlpha(caller, 'ORD-1001')).toMatchObject({
      kind: 'found',
      value: { id: outward.id },
    });
  });

  it('numbers further returns on, never handing out a deleted return’s number again', async () => {
    const outward = await departed('ORD-1002');
    const first = await makeReturn(outward.id);
    expect(engine.deleteShipment(caller, first.id)).toBe('deleted');
    const second = await makeReturn(outward.id, 1);
    expect(second.ddt_alpha).toBe('ORD-1002-R2');
    expect(engine.returns.links(caller, outward.id)?.returns.map((r) => r.ddtAlpha)).toEqual(['ORD-1002-R2']);
  });

  it('is refused for a shipment that has not left, and for a return, which is followed once departed', async () => {
    const waiting = await create(validShipment({ ddt_alpha: 'ORD-1003', labelType: 'ZPL', ...SHOP }));
    expect(engine.returns.refusal(caller, waiting.id)).toMatchObject({
      kind: 'refused',
      error: 'Il reso si fa da una spedizione partita (confermata)',
    });
    const outward = await departed('ORD-1004');
    const back = await makeReturn(outward.id);
    await engine.confirmByIds(caller, [back.id], false);
    expect(engine.returns.refusal(caller, back.id)).toMatchObject({
      error: 'Una spedizione di reso non ha a sua volta un reso',
    });
    expect(engine.returns.refusal(caller, 999_999)).toMatchObject({ kind: 'not_found' });
    // A reference with no room left for "-R<n>" within the 50 characters a reference takes is refused, with why.
    const long = await departed(`ORD-${'X'.repeat(43)}`);
    expect(engine.returns.refusal(caller, long.id)).toMatchObject({
      kind: 'refused',
      error: `Riferimento ORD-${'X'.repeat(43)} troppo lungo per un reso (al massimo 46 caratteri)`,
    });
    expect(engine.returns.refusal(caller, outward.id)).toBeUndefined();
    // Departed, the return is followed like any parcel: it falls due to be asked about within the hour.
    const t0 = Date.now();
    engine.parcels.due(t0, 1000);
    const due = engine.parcels.due(t0 + 3_600_000, 1000).map((d) => d.shipmentId);
    expect(due).toContain(back.id);
  });

  it("is found by the list's return filter, and never offers the shop as a recent customer", async () => {
    const outward = await departed('ORD-1005');
    const back = await makeReturn(outward.id);
    const returns = engine.listShipments(caller, { view: 'departing', reso: true, offset: 0, limit: 100 });
    expect(returns.rows.map((r) => r.id)).toContain(back.id);
    expect(returns.rows.every((r) => r.flag_reso === 1)).toBe(true);
    const outwards = engine.listShipments(caller, { view: 'departed', reso: false, offset: 0, limit: 100 });
    expect(outwards.rows.map((r) => r.id)).toContain(outward.id);
    expect(outwards.rows.every((r) => r.flag_reso === 0)).toBe(true);
    expect(engine.recentRecipients(caller, 'Magazzino', 10)).toEqual([]);
  });
});

describe("a return label's e-mail to the customer", () => {
  it('goes once, in the language chosen, with the label as a PDF and what to do', async () => {
    const outward = await departed('ORD-2001');
    const back = await makeReturn(outward.id);
    expect(engine.returns.mail(caller, back.id, 'en')).toEqual({ kind: 'queued', to: 'anna@example.com' });
    expect(engine.returns.mail(caller, back.id, 'it')).toEqual({ kind: 'already' });
    const port = engine.recipientMail;
    if (!port) throw new Error('no mail port with a mail server');
    const [due] = port.due(Date.now(), 10).filter((d) => d.shipmentId === back.id);
    if (!due) throw new Error('the e-mail is not due');
    const content = await port.content(due.id);
    if (content.kind !== 'ready') throw new Error(`not ready: ${content.kind}`);
    expect(content.message.to).toBe('anna@example.com');
    expect(content.message.subject).toBe('Your return label – order ORD-2001');
    expect(content.message.text).toContain('Hello Libreria Bianchi,');
    expect(content.message.text).toContain(`Return waybill number: ${back.num_spedizione}`);
    expect(content.message.text).toContain('Hand the parcel to the courier Demo Express');
    const [pdf] = content.message.attachments;
    expect(pdf?.filename).toBe(`reso-${back.num_spedizione}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(engine.returns.mailState(caller, back.id)).toMatchObject({ state: 'pending', to: 'anna@example.com' });
  });

  it('is written in Italian when asked, and refused for a shipment that is not a return', async () => {
    const outward = await departed('ORD-2002');
    const back = await makeReturn(outward.id);
    expect(engine.returns.mail(caller, outward.id, 'it')).toEqual({
      kind: 'refused',
      error: 'La spedizione non è un reso',
    });
    expect(engine.returns.mail(caller, back.id, 'it')).toMatchObject({ kind: 'queued' });
    const port = engine.recipientMail;
    const due = port?.due(Date.now(), 10).find((d) => d.shipmentId === back.id);
    const content = due && (await port?.content(due.id));
    if (content?.kind !== 'ready') throw new Error('not ready');
    expect(content.message.subject).toBe('Etichetta per il reso – ordine ORD-2002');
    expect(content.message.text).toContain("in allegato l'etichetta per il reso del suo ordine ORD-2002.");
    expect(content.message.text).toContain(
      'Consegni il pacco al corriere Demo Express, che lo riporta a Magazzino Demo.',
    );
  });
});
