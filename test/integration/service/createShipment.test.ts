// POST Shipment over real HTTP against the real service process and its SQLite file, making its shipments on its
// writer thread, drawing its PDF and JPG labels on worker threads and checkpointing its WAL on a thread, as in
// production (the other tests' services do all three on their request thread: see vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/useService';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';
import { decodeBarcodes } from '../../helpers/barcode';
import { rasterizePdf } from '../../helpers/rasterize';
import { zplTexts } from '../../helpers/zpl';

const svc = useService({
  env: { STATION_LABEL_THREADS: '1', STATION_CHECKPOINT_THREAD: '1', STATION_WRITER_THREAD: '1' },
});

type Rec = Record<string, unknown> & {
  label_zpl: string[];
  label_pdf: string[];
  label_jpg: string[];
  daticolli: { barcode: string; n_collo: number; peso: number }[];
};

describe('creating a shipment', () => {
  it('returns the full record with one label per parcel in every format', async () => {
    const { status, body } = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ colli: 3, peso: 7.5 }));
    expect(status).toBe(200);
    expect(body.status).toBe(0);
    expect(body.error).toBe('');
    expect(body.confermato).toBe(0);
    expect(body.num_spedizione).toMatch(/^70\d{10}$/);
    expect(body.barcode).toBe(body.num_spedizione);
    expect(body.tracking_link).toContain(String(body.num_spedizione));
    expect(body.label_zpl).toHaveLength(3);
    expect(body.label_pdf).toHaveLength(3);
    expect(body.label_jpg).toHaveLength(3);
    for (const zpl of body.label_zpl) expect(zpl).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    for (const pdf of body.label_pdf) expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    for (const jpg of body.label_jpg)
      expect([...Buffer.from(jpg, 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(body.daticolli.map((p) => p.n_collo)).toEqual([1, 2, 3]);
    expect(new Set(body.daticolli.map((p) => p.barcode)).size).toBe(3);
    expect(body.daticolli.reduce((sum, p) => sum + p.peso, 0)).toBeCloseTo(7.5, 6);
    body.daticolli.forEach((parcel, i) => expect(body.label_zpl[i]).toContain(parcel.barcode));
  });

  it('answers a create with the bytes GET Shipment answers for it after, labels and odd texts included', async () => {
    // Texts JSON must escape, and one that spells the record's own label keys, which the answer must not mistake.
    const note = 'Citofono "Rossi" \\ scala B, 2º piano — ok ✓ "label_jpg":[],"label_pdf":[]';
    const headers = { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' };
    const created = await fetch(`${svc.service.baseUrl}/Shipment`, {
      method: 'POST',
      headers,
      body: JSON.stringify(validShipment({ colli: 2, note, rcpt_name: 'Zoë "l\'ottica" Srl' })),
    });
    const createdText = await created.text();
    expect(created.status).toBe(200);
    const record = JSON.parse(createdText) as Rec & { id: number; note: string };
    expect(record.note).toBe(note);
    expect([record.label_zpl.length, record.label_pdf.length, record.label_jpg.length]).toEqual([2, 2, 2]);
    const read = await fetch(`${svc.service.baseUrl}/Shipment?id=${record.id}`, { headers });
    expect(created.headers.get('content-type')).toBe(read.headers.get('content-type'));
    expect(createdText).toBe(await read.text());
  });

  it('prints on each JPG and PDF label the very barcode stored for that parcel', async () => {
    const { body } = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ colli: 2, labelType: 'PDF' }));
    for (const [i, parcel] of body.daticolli.entries()) {
      expect(await decodeBarcodes(Buffer.from(body.label_jpg[i] ?? '', 'base64'))).toContain(parcel.barcode);
      expect(await decodeBarcodes(await rasterizePdf(Buffer.from(body.label_pdf[i] ?? '', 'base64')))).toContain(
        parcel.barcode,
      );
    }
  });

  it('answers the spec record shape with unset values as the spec spells them', async () => {
    const { body } = await svc.api.request<Rec>('POST', '/Shipment', validShipment());
    expect(body).toMatchObject({
      date_req_cons: '0000-00-00 00:00:00',
      date_req_ritiro: '0000-00-00 00:00:00',
      data_consegna_prevista: '0000-00-00 00:00:00',
      opening_time: '00:00:00',
      closing_time2: '00:00:00',
      rcpt_emails_extra: [],
      carrier4_options: [],
      id_pickup: null,
      client_id: 1001,
      rcpt_city: 'Forlì',
    });
    expect(body.date_upd).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof body.user_id).toBe('number');
  });

  it('generates ddt_num and ddt_alpha when omitted and keeps them when given', async () => {
    const a = await svc.api.request<Rec>('POST', '/Shipment', validShipment());
    const b = await svc.api.request<Rec>('POST', '/Shipment', validShipment());
    expect(Number.isInteger(a.body.ddt_num)).toBe(true);
    expect(b.body.ddt_num).toBe(Number(a.body.ddt_num) + 1);
    expect(a.body.ddt_alpha).not.toBe(b.body.ddt_alpha);
    const given = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ ddt_num: '98765', ddt_alpha: 'ORD-2026-001' }),
    );
    expect(given.body.ddt_num).toBe(98765);
    expect(given.body.ddt_alpha).toBe('ORD-2026-001');
    const next = await svc.api.request<Rec>('POST', '/Shipment', validShipment());
    expect(next.body.ddt_num).toBe(98766);
  });

  it('restricts labels to the ZPL or the PDF family when labelType is given', async () => {
    const zpl = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ labelType: 'ZPL', colli: 2 }));
    expect([zpl.body.label_zpl.length, zpl.body.label_pdf.length, zpl.body.label_jpg.length]).toEqual([2, 0, 0]);
    const pdf = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ labelType: 'PDF', colli: 2 }));
    expect([pdf.body.label_zpl.length, pdf.body.label_pdf.length, pdf.body.label_jpg.length]).toEqual([0, 2, 2]);
  });

  it('answers a ZPL create with the very record a GET of the shipment reads back, byte for byte', async () => {
    const body = validShipment({
      labelType: 'zpl',
      colli: '2',
      peso: '0',
      volume: 0,
      daticolli: [
        { peso: '1.25', larghezza: 30, lunghezza: '40', altezza: 10 },
        { peso: 2, volume: '0.004' },
      ],
      rcpt_addr2: 'Scala B',
      rcpt_cap: 47121,
      ddt_alpha: 'ZPL-RECORD-1',
      trade_documents: { nome: 'fattura.pdf', contenuto: 'data:application/pdf;base64,JVBERi0x' },
      dettagli_ordine: [{ sku: 12, qty: '2', prezzo_singolo: '3.5', colore: 'rosso' }],
    });
    const created = await svc.api.raw('POST', '/Shipment', {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(200);
    const record = created.body as Rec & { id: number };
    expect(record.label_zpl).toHaveLength(2);
    const read = await svc.api.raw('GET', `/Shipment?id=${record.id}`);
    expect(JSON.stringify(read.body)).toBe(JSON.stringify(created.body));
  });

  it('picks the cheapest courier and service for corriere 0 and servizio 0', async () => {
    const { body } = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ corriere: 0, servizio: 0, peso: 3.5, colli: 2 }),
    );
    expect(body.status).toBe(0);
    // Demo Europa Economy: 6.80 + 0.90 extra parcel + 11% fuel = 8.55 beats Demo Express Standard at 9.20.
    expect([body.corriere, body.servizio]).toEqual([71, 1]);
    const abroad = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({
        corriere: 0,
        servizio: 0,
        rcpt_country_code: 'DE',
        rcpt_cap: '10115',
        rcpt_city: 'Berlin',
        rcpt_prov: 'BE',
      }),
    );
    expect([abroad.body.corriere, abroad.body.servizio]).toEqual([71, 2]);
  });

  it('keeps per-parcel weights and dimensions sent in daticolli', async () => {
    const daticolli = [
      { peso: 1, larghezza: 30, lunghezza: 40, altezza: 20 },
      { peso: 4, larghezza: 50, lunghezza: 50, altezza: 50 },
    ];
    const { body } = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ colli: 2, peso: 5, daticolli }));
    expect(body.daticolli.map((p) => [p.peso, (p as Record<string, unknown>).larghezza])).toEqual([
      [1, 30],
      [4, 50],
    ]);
  });
});

describe('a courier refusing the shipment', () => {
  it('answers 200 with status 0.6, an Italian reason and no labels when postal code and city disagree', async () => {
    const { status, body } = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'MI' }),
    );
    expect(status).toBe(200);
    expect(body.status).toBe(0.6);
    expect(body.error).toContain('CAP 20121 non coerente con la località Roma');
    expect([body.label_zpl.length, body.label_pdf.length, body.label_jpg.length]).toEqual([0, 0, 0]);
    expect(body.num_spedizione).toBe('');
  });

  it("keeps the address's second line apart, returns it, and prints it under the address (issue 39)", async () => {
    const { body } = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ rcpt_addr: 'Corso Vittorio Emanuele II 81', rcpt_addr2: 'Scala B, interno 7', labelType: 'ZPL' }),
    );
    expect(body).toMatchObject({
      status: 0,
      rcpt_addr: 'Corso Vittorio Emanuele II 81',
      rcpt_addr2: 'Scala B, interno 7',
    });
    const lines = zplTexts(body.label_zpl[0] ?? '').flatMap((text) => text.split('\n'));
    const at = lines.indexOf('Corso Vittorio Emanuele II 81');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('Scala B, interno 7');
  });

  it('refuses a field longer than the courier accepts', async () => {
    const { body } = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ rcpt_name: 'Una ragione sociale davvero molto lunga S.r.l.' }),
    );
    expect(body.status).toBe(0.6);
    expect(body.error).toBe('Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri');
  });

  it('refuses a destination the service does not cover', async () => {
    const { body } = await svc.api.request<Rec>(
      'POST',
      '/Shipment',
      validShipment({ rcpt_country_code: 'FR', rcpt_cap: '75001', rcpt_city: 'Paris', rcpt_prov: 'PA' }),
    );
    expect(body.status).toBe(0.6);
    expect(body.error).toBe('Servizio Demo Express Standard non disponibile per la destinazione FR');
  });
});

describe('first-level validation', () => {
  const countShipmentsWith = async (ddtAlpha: string) =>
    (await svc.api.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`)).status;

  it('answers 400 naming every missing required field and stores nothing', async () => {
    const body = validShipment({ ddt_alpha: 'NEVER-1' });
    delete body.rcpt_name;
    delete body.peso;
    const { status, body: answer } = await svc.api.request('POST', '/Shipment', body);
    expect(status).toBe(400);
    expect(answer).toEqual({ error: 'Campi obbligatori mancanti: peso, rcpt_name' });
    expect(await countShipmentsWith('NEVER-1')).toBe(404);
  });

  it('takes null for an optional field as the field left out, and names a null required field as missing', async () => {
    const nulls = {
      ddt_alpha: null,
      ddt_num: null,
      note_sender: null,
      valore: null,
      sender_name: null,
      al_piano: null,
    };
    const made = await svc.api.request<Rec>('POST', '/Shipment', validShipment({ labelType: 'ZPL', ...nulls }));
    expect(made.status).toBe(200);
    const { ddt_alpha, note_sender, valore, al_piano } = made.body;
    expect({ ddt_alpha, note_sender, valore, al_piano }).toEqual({
      ddt_alpha: `SP${String(made.body.id).padStart(9, '0')}`,
      note_sender: '',
      valore: 0,
      al_piano: '',
    });
    expect(made.body.ddt_num).toBeGreaterThan(0);
    const missing = await svc.api.request('POST', '/Shipment', validShipment({ rcpt_name: null, note: null }));
    expect(missing).toEqual({ status: 400, body: { error: 'Campi obbligatori mancanti: rcpt_name' } });
  });

  it('answers 400 for wrong types, a client_id over 7 characters, bad e-mail and zero parcels', async () => {
    const { status, body } = await svc.api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ client_id: 12345678, rcpt_email: 'nope', colli: 0, peso: 'tanto' }),
    );
    expect(status).toBe(400);
    expect(body.error).toContain('client_id: al massimo 7 caratteri');
    expect(body.error).toContain('rcpt_email: indirizzo e-mail non valido');
    expect(body.error).toContain('colli: deve essere almeno 1');
    expect(body.error).toContain('peso: deve essere un numero');
  });

  it('answers 400 when the client_id belongs to no profile of this API key', async () => {
    const { status, body } = await svc.api.request(
      'POST',
      '/Shipment',
      validShipment({ client_id: 4242, ddt_alpha: 'NEVER-2' }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Campi non validi: client_id: client_id 4242 non associato a questa API key' });
    expect(await countShipmentsWith('NEVER-2')).toBe(404);
  });

  it('answers 400 for a courier or service that does not exist', async () => {
    const { status, body } = await svc.api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ corriere: 99, servizio: 1 }),
    );
    expect(status).toBe(400);
    expect(body.error).toContain('servizio 1 del corriere 99 non disponibile');
  });

  it('answers 400 for malformed JSON and 413 for an oversized body, and keeps serving', async () => {
    const bad = await svc.api.raw('POST', '/Shipment', {
      body: '{"corriere": 70,',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad).toEqual({ status: 400, body: { error: 'Corpo della richiesta non valido: JSON malformato' } });
    const huge = await svc.api.raw('POST', '/Shipment', {
      body: JSON.stringify(validShipment({ merce: 'x'.repeat(3 * 1024 * 1024) })),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge).toEqual({ status: 413, body: { error: 'Corpo della richiesta troppo grande' } });
    const array = await svc.api.raw('POST', '/Shipment', {
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(array).toEqual({ status: 400, body: { error: 'Corpo della richiesta non valido: atteso un oggetto JSON' } });
    const after = await svc.api.request('POST', '/Shipment', validShipment());
    expect(after.status).toBe(200);
  });

  it('answers 400 for a body nested deeper than any request, before it reaches the writer thread', async () => {
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const json = { 'content-type': 'application/json' };
    for (const levels of [33, 5000]) {
      expect(await svc.api.raw('POST', '/Shipment', { body: deep(levels), headers: json }), `${levels} levels`).toEqual(
        {
          status: 400,
          body: { error: 'Corpo della richiesta non valido: JSON annidato oltre 32 livelli' },
        },
      );
    }
    const lines = [{ sku: 'A1', description: 'Libro', qty: 1, extra: JSON.parse(deep(3000)) as unknown }];
    const nestedLine = await svc.api.request('POST', '/Shipment', validShipment({ dettagli_ordine: lines }));
    expect(nestedLine.status).toBe(400);
    const after = await svc.api.request('POST', '/Shipment', validShipment());
    expect(after.status).toBe(200);
  });

  it('says a JSON body sent as text/plain lacks its Content-Type, and makes nothing', async () => {
    const before = await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=PLAIN-1');
    expect(before.status).toBe(404);
    const plain = await svc.api.raw('POST', '/Shipment', {
      body: JSON.stringify(validShipment({ ddt_alpha: 'PLAIN-1' })),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain).toEqual({ status: 400, body: { error: 'Content-Type application/json obbligatorio' } });
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=PLAIN-1')).status).toBe(404);
  });
});
