// Requests written the way the real aggregator's own clients write them (aggregator-facts.md, "What the real
// service's own clients send"; issue 29): its returns wizard and the snippets of its documentation. Each is sent with
// those clients' headers, to our service and to a station's local API, and each answer is read the way they read it:
// on a 200 any non-empty `error` is a failure, the label is `label_pdf[0]`, and `id`, `client_id`, `num_spedizione`,
// `date_req_ritiro` and `numero_ritiro` are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { rawRequest, type RawAnswer } from '../../helpers/rawHttp';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess, type RunningService } from '../../peers/service';
import { DEMO_KEY } from '../../fixtures/shipments';

type Rec = Record<string, unknown>;

interface Target {
  url: string;
  key: string;
}

/** The headers the wizard and the quick start send on every call, GET and DELETE included. */
const jsonHeaders = (key: string) => ({
  'X-API-KEY': key,
  'Content-Type': 'application/json',
  Accept: 'application/json',
});

/** A return picked up at a private person's home, as the returns wizard sends it. */
function wizardReturn(overrides: Rec = {}): Rec {
  return {
    corriere: 70,
    servizio: 1,
    client_id: 1001,
    colli: 1,
    volume: 0,
    peso: 6.3999999999999995,
    origine: 'IT',
    merce: 'Scarpe',
    rcpt_contact: '',
    rcpt_name: 'Marco Bianchi',
    rcpt_prov: 'MI',
    rcpt_cap: '20121',
    rcpt_city: 'Milano',
    rcpt_addr: 'Via Dante 1 ',
    rcpt_phone: '3331234567',
    rcpt_email: 'marco@example.com',
    rcpt_country_code: 'IT',
    flag_reso: 1,
    daticolli: { peso: 6.3999999999999995, altezza: 20, larghezza: 30, lunghezza: 40 },
    date_req_ritiro: '2026-11-27 09:00:00',
    opening_time: '09:00:00',
    closing_time: '18:00:00',
    ...overrides,
  };
}

/** The order's lines and its invoice, as the real clients send them with a parcel to Switzerland. */
const INVOICE_PDF = Buffer.from('%PDF-1.4\n% fattura F-77\n').toString('base64');
function international(overrides: Rec = {}): Rec {
  return wizardReturn({
    corriere: 71,
    servizio: 3,
    rcpt_name: 'Buchhandlung Meier',
    rcpt_contact: 'Hans Meier',
    rcpt_country_code: 'CH',
    rcpt_cap: '8001',
    rcpt_city: 'Zürich',
    rcpt_prov: 'ZH',
    rcpt_addr: 'Bahnhofstrasse 1',
    flag_reso: 0,
    valore_doganale: 179.8,
    valuta: 'EUR',
    invoice_number: 'F-77',
    invoice_date: '2026-11-26',
    sender_eori: 'IT01234567890',
    date_req_ritiro: undefined,
    dettagli_ordine: [
      {
        sku: 'SC-42',
        description: 'Running shoes',
        qty: '2',
        barcode_riga: '8001234567890',
        hs_code: '640411',
        prezzo_singolo: '89.90',
        peso_riga: '1.8',
      },
    ],
    trade_documents: [{ nome: 'fattura-F-77.pdf', contenuto: INVOICE_PDF }],
    ...overrides,
  });
}

async function post(target: Target, path: string, body: Rec): Promise<RawAnswer> {
  return rawRequest(`${target.url}/${path}`, { method: 'POST', headers: jsonHeaders(target.key), body });
}

/** Reads a create's answer as the wizard does: a 200 with an empty `error` and a label. */
function created(answer: RawAnswer): Rec {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  const record = answer.body as Rec;
  expect(!!record.error, String(record.error)).toBe(false);
  expect((record.label_pdf as string[])[0]?.length).toBeGreaterThan(100);
  for (const kept of ['id', 'client_id', 'num_spedizione', 'date_req_ritiro', 'numero_ritiro'])
    expect(record, kept).toHaveProperty(kept);
  return record;
}

function realClientRequests(name: string, start: () => Promise<{ target: Target; stop(): Promise<void> }>) {
  describe(name, () => {
    let target: Target;
    let stop: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ target, stop } = await start());
    });
    afterAll(async () => {
      await stop();
      removeTempDirs();
    });

    it('labels the returns wizard’s shipment: a parcel as an object, a private person, a JavaScript sum', async () => {
      const record = created(await post(target, 'Shipment', wizardReturn()));
      // Rounded as the courier weighs it, on the record and in the parcel.
      expect(record.peso).toBe(6.4);
      const [parcel] = record.daticolli as Rec[];
      expect(parcel).toMatchObject({ peso: 6.4, lunghezza: 40, larghezza: 30, altezza: 20, n_collo: 1 });
      // The parcel's volume from its sizes (40 × 30 × 20 cm), and the shipment's total from its parcel.
      expect(parcel?.volume).toBe(0.024);
      expect(record.volume).toBe(0.024);
      // A private person: the name is the contact.
      expect(record.rcpt_contact).toBe('Marco Bianchi');
      // Demo Express books pickups: the pickup window has its number; the same courier and day share it.
      expect(record.date_req_ritiro).toBe('2026-11-27 09:00:00');
      expect(record.numero_ritiro).toMatch(/^R7020261127\d{4}$/);
      const second = created(await post(target, 'shipment', wizardReturn({ rcpt_name: 'Giulia Verdi' })));
      expect(second.numero_ritiro).toBe(record.numero_ritiro);
      // Demo Europa books none: the field is there, empty.
      const europa = created(await post(target, 'Shipment', wizardReturn({ corriere: 71, servizio: 1, flag_reso: 0 })));
      expect(europa.numero_ritiro).toBe('');
    });

    it('labels a documents shipment sent with no goods and no parcels', async () => {
      const body = wizardReturn({ documenti: 1, daticolli: undefined, peso: 0.5 });
      delete body.merce;
      const record = created(await post(target, 'Shipment', body));
      expect(record.merce).toBe('Documenti');
      expect(record.documenti).toBe(1);
    });

    it('keeps an international shipment’s lines, invoice and who pays the duties, and gives them back', async () => {
      const record = created(await post(target, 'Shipment', international()));
      const read = await rawRequest(`${target.url}/Shipment?id=${String(record.id)}`, {
        headers: jsonHeaders(target.key),
      });
      expect(read.status).toBe(200);
      for (const answer of [record, read.body as Rec]) {
        expect(answer.dettagli_ordine).toEqual([
          {
            sku: 'SC-42',
            description: 'Running shoes',
            qty: 2,
            barcode_riga: '8001234567890',
            hs_code: '640411',
            prezzo_singolo: 89.9,
            peso_riga: 1.8,
            // Ours: the line's origin, empty where the client gives only the shipment's.
            origine: '',
          },
        ]);
        expect(answer.trade_documents).toEqual([{ nome: 'fattura-F-77.pdf', contenuto: INVOICE_PDF }]);
        // Who pays the duties, not sent: the recipient (DAP).
        expect(answer.addebito_dogana).toBe(0);
        // The invoice the pouch carries, as sent.
        expect([answer.invoice_number, answer.invoice_date]).toEqual(['F-77', '2026-11-26']);
      }
      // Sent (the sender pays them, DDP): given back as stored, by the create and by a read. Its own invoice: one
      // number is one shipment's.
      const ddp = created(
        await post(target, 'Shipment', international({ addebito_dogana: 1, invoice_number: 'F-78' })),
      );
      const readDdp = await rawRequest(`${target.url}/Shipment?id=${String(ddp.id)}`, {
        headers: jsonHeaders(target.key),
      });
      expect([ddp.addebito_dogana, (readDdp.body as Rec).addebito_dogana]).toEqual([1, 1]);
      // A document that is not base64 is refused, and nothing is made of the request.
      const bad = await post(
        target,
        'Shipment',
        international({ trade_documents: [{ nome: 'x.pdf', contenuto: '%%' }] }),
      );
      expect(bad.status).toBe(400);
      expect((bad.body as Rec).error).toBe('Campi non validi: trade_documents.0.contenuto: contenuto non in base64');
    });

    it('reads and deletes with a JSON type and no body, and with the PHP snippet’s empty form body', async () => {
      const record = created(await post(target, 'Shipment', wizardReturn({ ddt_alpha: 'EMPTY-BODY' })));
      const id = String(record.id);
      const php = {
        'x-api-key': target.key,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': '0',
      };
      for (const headers of [jsonHeaders(target.key), php]) {
        const read = await rawRequest(`${target.url}/Shipment?id=${id}`, { headers });
        expect(read.status).toBe(200);
        expect((read.body as Rec).id).toBe(record.id);
        const byRef = await rawRequest(`${target.url}/ShipmentByDdtalpha?ddt_alpha=EMPTY-BODY`, { headers });
        expect(byRef.status).toBe(200);
      }
      const gone = await rawRequest(`${target.url}/Shipment?id=${id}`, { method: 'DELETE', headers: php });
      expect(gone).toEqual({ status: 200, body: { error: '' } });
      const again = await rawRequest(`${target.url}/Shipment?id=${id}`, {
        method: 'DELETE',
        headers: jsonHeaders(target.key),
      });
      expect(again).toEqual({ status: 404, body: { error: 'Spedizione non trovata' } });
      const other = created(await post(target, 'Shipment', wizardReturn({ ddt_alpha: 'EMPTY-BODY-2' })));
      const byRef = await rawRequest(`${target.url}/ShipmentByDdtalpha?ddt_alpha=EMPTY-BODY-2`, {
        method: 'DELETE',
        headers: jsonHeaders(target.key),
      });
      expect(byRef).toEqual({ status: 200, body: { error: '' } });
      expect(other.id).toBeGreaterThan(0);
    });

    it('finds a shipment by its numeric reference and confirms by numeric strings', async () => {
      const record = created(await post(target, 'Shipment', wizardReturn({ ddt_num: 880011 })));
      const found = await rawRequest(`${target.url}/ShipmentByDdtnum?ddt_num=880011`, {
        headers: jsonHeaders(target.key),
      });
      expect(found.status).toBe(200);
      expect((found.body as Rec).id).toBe(record.id);
      const missing = await rawRequest(`${target.url}/ShipmentByDdtnum?ddt_num=990099`, {
        headers: jsonHeaders(target.key),
      });
      expect(missing).toEqual({ status: 404, body: { error: 'Spedizione non trovata' } });
      const malformed = await rawRequest(`${target.url}/ShipmentByDdtnum?ddt_num=12a`, {
        headers: jsonHeaders(target.key),
      });
      expect(malformed).toEqual({ status: 400, body: { error: 'ddt_num non indicati o indicati in formato errato' } });
      // The same numeric reference on two clients: said, and the client id settles it.
      created(await post(target, 'Shipment', wizardReturn({ ddt_num: 880011, client_id: 1002 })));
      const twice = await rawRequest(`${target.url}/ShipmentByDdtnum?ddt_num=880011`, {
        headers: jsonHeaders(target.key),
      });
      expect(twice).toEqual({ status: 400, body: { error: 'Riferimento numerico non univoco: indicare client_id' } });
      const settled = await rawRequest(`${target.url}/ShipmentByDdtnum?ddt_num=880011&client_id=1001`, {
        headers: jsonHeaders(target.key),
      });
      expect((settled.body as Rec).id).toBe(record.id);

      const refused = await post(target, 'ShipmentConfirmByDdtnum', { ddt_num: ['12a'], client_id: 1001 });
      expect(refused).toEqual({ status: 400, body: { error: 'ddt_num non indicati o indicati in formato errato' } });
      const confirmed = await post(target, 'ShipmentConfirmByDdtnum', { ddt_num: ['880011'], client_id: 1001 });
      expect(confirmed).toEqual({ status: 200, body: { status: '1 spedizioni confermate, 0 errori', errors: [] } });
    });

    it('still refuses what the contract requires: no contact key, no goods for a parcel shipment', async () => {
      const noContact = wizardReturn();
      delete noContact.rcpt_contact;
      expect(await post(target, 'Shipment', noContact)).toEqual({
        status: 400,
        body: { error: 'Campi obbligatori mancanti: rcpt_contact' },
      });
      const noGoods = wizardReturn();
      delete noGoods.merce;
      expect(await post(target, 'Shipment', noGoods)).toEqual({
        status: 400,
        body: { error: 'Campi obbligatori mancanti: merce' },
      });
      const parcels = await post(target, 'Shipment', wizardReturn({ daticolli: 'one parcel' }));
      expect(parcels).toEqual({ status: 400, body: { error: 'Campi non validi: daticolli: deve essere un array' } });
    });
  });
}

realClientRequests('our service, as the real clients call it', async () => {
  const service: RunningService = await startServiceInProcess({ dataDir: tempDir() });
  return {
    target: { url: service.baseUrl, key: DEMO_KEY },
    stop: async () => {
      await service.stop();
    },
  };
});

realClientRequests('a station’s local API, as the real clients call it', async () => {
  const station: Station = await createStation({ dataDir: tempDir(), localPort: 0 });
  return {
    target: { url: station.localApiUrl ?? '', key: station.localApiKey ?? '' },
    stop: () => station.close(),
  };
});
