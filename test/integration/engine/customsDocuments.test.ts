// A parcel's customs papers, drawn by a real engine over a SQLite file with a fixed clock and read back with pdf.js
// (golden texts, as pdf.js lays them out): the commercial invoice of a sale and the proforma of a gift name every line
// with its HS code and origin, the totals, the parties' EORI and VAT numbers, the incoterm, the reason and the
// signature line; the station's numbering gives consecutive numbers and a shipment keeps its own; a postal courier's
// parcel also gets a CN23.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import type { Clock } from '../../../src/engine/ports';
import { expectGolden } from '../../helpers/golden';
import { pdfText } from '../../helpers/pdf';
import { zplTexts } from '../../helpers/zpl';
import { tempDir } from '../../helpers/tmp';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';
import { goodsLines, ZURICH_GOODS, ZURICH_PLACE } from '../../fixtures/customsLines';

const KEY = 'customs-docs-key-0123';
const fixedClock: Clock = { now: () => new Date(2026, 10, 20, 9, 30, 0) };
const ZURICH = {
  corriere: 71,
  servizio: 2,
  ...ZURICH_PLACE,
  rcpt_addr: 'Bahnhofstrasse 10',
  rcpt_name: 'Buchhandlung Meier AG',
  rcpt_contact: 'Hans Meier',
  rcpt_eori: 'CHE123456789',
  vat_buyer: 'CHE-123.456.789 MWST',
  ...ZURICH_GOODS,
  sender_eori: 'IT01234567890',
  vat_seller: 'IT01234567890',
};

let engine: Engine;
let caller: Caller;

beforeAll(() => {
  ({ engine, caller } = openEngine(KEY, {
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    clock: fixedClock,
    labelThreads: false,
    invoiceNumbering: true,
  }));
});
afterAll(closeEngines);

async function shipped(body: Record<string, unknown>): Promise<number> {
  const outcome = await engine.createShipment(caller, validShipment(body));
  if (outcome.kind !== 'created') throw new Error(outcome.error);
  if (outcome.record.error) throw new Error(outcome.record.error);
  return outcome.record.id;
}

async function invoice(id: number, which: 'invoice' | 'cn23' = 'invoice') {
  const result = await engine.customsDocument(caller, id, which);
  if (!result.ok) throw new Error(result.reason);
  return { ...result, text: await pdfText(result.pdf) };
}

/** A line of the page's text squeezed to single spaces, so columns read as words. */
const squeezed = (text: string) => text.replace(/[ \t]+/g, ' ');
/** The text as one line, for sentences that wrap. */
const flowing = (text: string) => text.replace(/\s+/g, ' ');

describe('the commercial invoice', () => {
  it('of a sale to Zürich names each line (HS code, origin), totals, EORI, incoterm, reason, signature', async () => {
    const id = await shipped(ZURICH);
    const doc = await invoice(id);
    expect(doc.kind).toBe('commercial');
    expect(doc.name).toBe('FT-2026-0001.pdf');
    expectGolden('customs/invoice-sale-zurich.txt', doc.text);
    const text = squeezed(doc.text);
    expect(text).toContain('Fattura commerciale / Commercial invoice');
    expect(text).toContain('N. / No. FT-2026-0001');
    expect(text).toContain('Data / Date: 20/11/2026');
    expect(text).toMatch(/1 Printed books 490199 IT 1 40,00 40,00 0,25/);
    expect(text).toMatch(/2 Porcelain mug 691110 IT 1 40,00 40,00 0,25/);
    expect(text).toContain('SKU LIB-01');
    expect(text).toContain('Totale / Total (EUR) 80,00 EUR');
    expect(text).toContain('Peso netto / Net weight 0,5 kg');
    expect(text).toContain('Peso lordo / Gross weight 2,5 kg');
    expect(text).toContain('EORI: IT01234567890');
    expect(text).toContain('EORI: CHE123456789');
    expect(text).toContain('P. IVA / VAT No.: CHE-123.456.789 MWST');
    expect(text).toContain('Buchhandlung Meier AG');
    expect(text).toContain('Magazzino Demo');
    expect(text).toContain('Incoterm: DAP');
    expect(text).toContain('Motivo / Reason for export: Vendita / Sale of goods');
    expect(text).toMatch(/Lettera di vettura \/ Waybill: \S+ \(Demo Europa\)/);
    expect(flowing(text)).toContain('non-preferential origin: IT.');
    expect(text).toContain('Luogo e data / Place and date: Bologna, 20/11/2026');
    expect(text).toContain('Firma e timbro / Signature and stamp');
    expect(text).toContain('Pagina 1 di 1 / Page 1 of 1');
  });

  it('of a gift is a proforma, with the sender paying duties (DDP)', async () => {
    const id = await shipped({ ...ZURICH, tipo_transazione: 'gift', addebito_dogana: 1 });
    const doc = await invoice(id);
    expect(doc.kind).toBe('proforma');
    expectGolden('customs/proforma-gift-zurich.txt', doc.text);
    const text = squeezed(doc.text);
    expect(text).toContain('Fattura proforma / Proforma invoice');
    expect(text).not.toContain('Commercial invoice');
    expect(text).toContain('Motivo / Reason for export: Regalo / Gift');
    expect(text).toContain('Incoterm: DDP');
    expect(text).toMatch(/2 Porcelain mug 691110 IT 1 40,00 40,00 0,25/);
    expect(flowing(text)).toContain('No commercial value, the value is declared for customs purposes only.');
    expect(text).toContain('Firma e timbro / Signature and stamp');
  });

  it('writes an HS code a shop sent with dots or spaces as its digits only', async () => {
    const [books, mug] = goodsLines(80);
    const lines = [
      { ...books, hs_code: '4901.99.00' },
      { ...mug, hs_code: '6911 10' },
    ];
    const text = squeezed((await invoice(await shipped({ ...ZURICH, dettagli_ordine: lines }))).text);
    expect(text).toMatch(/1 Printed books 49019900 IT/);
    expect(text).toMatch(/2 Porcelain mug 691110 IT/);
  });
});

describe('invoice numbers', () => {
  it('are consecutive, stay with their shipment, and a shop’s own number is kept', async () => {
    const first = await shipped(ZURICH);
    const second = await shipped(ZURICH);
    const a = await invoice(first);
    const b = await invoice(second);
    const [na, nb] = [a.number, b.number].map((n) => Number(n.slice(-4)));
    expect(a.number).toMatch(/^FT-2026-\d{4}$/);
    expect(nb).toBe((na ?? 0) + 1);
    // Asked again: the same number and the very same stored PDF, also in the shipment's documents.
    const again = await invoice(first);
    expect(again.number).toBe(a.number);
    expect(Buffer.compare(again.pdf, a.pdf)).toBe(0);
    // Demo Europa takes no CN23: the detail offers the invoice alone.
    expect(engine.shipmentInvoice(caller, first)).toEqual({ number: a.number, date: '2026-11-20', customsForm: null });
    const record = engine.getShipment(caller, first) as { trade_documents: { nome: string }[] } | undefined;
    expect(record?.trade_documents.map((d) => d.nome)).toEqual([a.name]);

    const own = await shipped({ ...ZURICH, invoice_number: '2026/117', invoice_date: '2026-11-18' });
    const ownDoc = await invoice(own);
    expect(ownDoc.name).toBe('2026_117.pdf');
    expect(squeezed(ownDoc.text)).toContain('N. / No. 2026/117');
    expect(squeezed(ownDoc.text)).toContain('Data / Date: 18/11/2026');
    // The shop's number took none of the station's.
    expect(Number((await invoice(await shipped(ZURICH))).number.slice(-4))).toBe((nb ?? 0) + 1);
  });

  it('follow the prefix and next number set at the bench', async () => {
    engine.settings.set('invoice.prefix', 'EXP/');
    engine.settings.set('invoice.next', JSON.stringify({ 2025: 7, 2026: 120 }));
    try {
      const doc = await invoice(await shipped(ZURICH));
      expect(doc.number).toBe('EXP/2026-0120');
      expect(JSON.parse(engine.settings.get('invoice.next') ?? '')).toEqual({ 2025: 7, 2026: 121 });
    } finally {
      engine.settings.set('invoice.prefix', 'FT-');
    }
  });
});

describe('the station’s numbering', () => {
  it('is a bench’s: the service, as the real aggregator, lets the courier refuse a parcel without one', async () => {
    const service = createEngine({
      file: join(tempDir(), 'service.sqlite'),
      config: { users: [{ api_key: KEY, client_ids: [1001] }] },
      clock: fixedClock,
      labelThreads: false,
    });
    try {
      const outcome = await service.createShipment(service.authenticate(KEY) as Caller, validShipment(ZURICH));
      expect(outcome.kind === 'created' && outcome.record).toMatchObject({ status: 0.6, num_spedizione: '' });
      expect(outcome.kind === 'created' && outcome.record.error).toContain('Numero fattura, Data fattura');
    } finally {
      service.close();
    }
  });
});

describe('the CN23', () => {
  it('comes with a postal courier’s parcel to Livigno, with the same lines and the gift box crossed', async () => {
    const id = await shipped({
      ...ZURICH,
      corriere: 72,
      servizio: 1,
      rcpt_country_code: 'IT',
      rcpt_prov: 'SO',
      rcpt_cap: '23041',
      rcpt_city: 'Livigno',
      rcpt_addr: 'Via Saroch 1',
      tipo_transazione: 'gift',
      addebito_dogana: 0,
    });
    expect(engine.shipmentInvoice(caller, id)?.customsForm).toBe('CN23');
    const doc = await invoice(id, 'cn23');
    expect(doc.kind).toBe('cn23');
    expectGolden('customs/cn23-gift-livigno.txt', doc.text);
    expect(doc.name).toMatch(/^CN23-FT-2026-\d{4}\.pdf$/);
    const text = squeezed(doc.text);
    expect(text).toContain('CN 23 – Dichiarazione doganale / Customs declaration');
    expect(text).toMatch(/1 Printed books 490199 IT 1 40,00 40,00 0,25/);
    // The gift box crossed: the X stands before Regalo, with Gift under it.
    expect(text).toMatch(/X Regalo /);
    expect(text).toMatch(/Sale of goods\s+Gift\s+Commercial sample/);
    expect(flowing(text)).toContain('this item does not contain any dangerous article');
    // Its proforma is there too, with the same number.
    expect((await invoice(id)).number).toBe(doc.number);
  });

  it('is refused for a courier that does not ask for it, and nothing is drawn for a parcel without lines', async () => {
    const id = await shipped(ZURICH);
    expect(await engine.customsDocument(caller, id, 'cn23')).toEqual({ ok: false, reason: 'noCn23' });
    const domestic = await shipped({});
    expect(await engine.customsDocument(caller, domestic, 'invoice')).toEqual({ ok: false, reason: 'noLines' });
    expect(await engine.customsDocument(caller, 999_999, 'invoice')).toEqual({ ok: false, reason: 'notFound' });
  });
});

describe('a province abroad on paper (issue 39)', () => {
  const abroad = {
    valore_doganale: 80,
    sender_eori: 'IT01234567890',
    dettagli_ordine: goodsLines(80),
    labelType: 'ZPL',
    corriere: 71,
  };
  // EE as the bench fills a country without provinces; "OS" as an operator once invented one for Oslo.
  const oslo = {
    ...abroad,
    servizio: 2,
    rcpt_country_code: 'NO',
    rcpt_prov: 'EE',
    rcpt_cap: '0154',
    rcpt_city: 'Oslo',
  };
  const newYork = {
    ...abroad,
    servizio: 3,
    rcpt_country_code: 'US',
    rcpt_prov: 'NY',
    rcpt_cap: '10001',
    rcpt_city: 'New York',
  };
  const labelTexts = (id: number) => zplTexts(engine.getShipment(caller, id)?.label_zpl[0] ?? '');

  it('is not printed for Oslo, whether EE or invented, on the label, the invoice and the manifest; NY is', async () => {
    const ids = [await shipped(oslo), await shipped({ ...oslo, rcpt_prov: 'OS' }), await shipped(newYork)];
    const [withEe = 0, invented = 0, ny = 0] = ids;
    // The record keeps what was sent (the remote gets it too): only paper leaves it out.
    expect(engine.getShipment(caller, withEe)?.rcpt_prov).toBe('EE');
    for (const id of [withEe, invented]) {
      expect(labelTexts(id)).toContain('0154 Oslo');
      expect(labelTexts(id).join('\n')).not.toMatch(/\b(EE|OS)\b/);
      const text = flowing((await invoice(id)).text);
      expect(text).toContain('0154 Oslo');
      expect(text).not.toMatch(/\((EE|OS)\)/);
    }
    expect(labelTexts(ny)).toContain('10001 New York NY');
    expect(flowing((await invoice(ny)).text)).toContain('10001 New York (NY)');

    const confirmed = await engine.confirmByIds(caller, ids, true);
    const manifest = await engine.getManifestPdf(caller, confirmed.manifest?.id ?? 0);
    if (!manifest) throw new Error('no manifest PDF');
    const text = flowing(await pdfText(manifest));
    expect(text).toContain('New York (NY)');
    expect(text).toContain('Oslo');
    expect(text).not.toMatch(/Oslo \((EE|OS)\)/);
  });
});
