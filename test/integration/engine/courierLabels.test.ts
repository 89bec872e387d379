// One label per built-in courier, made by the engine from a real SQLite file with a fixed clock: the ZPL is pinned
// by a golden file per courier and case, the courier's own lines are printed, and every format scans back to the
// stored parcel barcode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import type { Clock } from '../../../src/engine/ports';
import { decodeBarcodes } from '../../helpers/barcode';
import { expectGolden } from '../../helpers/golden';
import { rasterizePdf } from '../../helpers/rasterize';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';
import { ZURICH_GOODS, ZURICH_PLACE } from '../../fixtures/customsLines';

const KEY = 'labels-key-0123456789';
const fixedClock: Clock = { now: () => new Date(2026, 10, 20, 9, 30, 0) };
const ZURICH = {
  ...ZURICH_PLACE,
  ...ZURICH_GOODS,
  invoice_number: 'F1',
  invoice_date: '2026-11-20',
  sender_eori: 'IT01234567890',
};

const CASES: { name: string; body: Record<string, unknown>; line: string }[] = [
  {
    name: 'demo-express-standard-cod',
    body: { corriere: 70, servizio: 1, colli: 2, contrassegno: 49.9, valore: 300, preavviso_telefonico: 'S' },
    line: 'Segnacolli',
  },
  { name: 'demo-europa-road-switzerland', body: { corriere: 71, servizio: 2, ...ZURICH }, line: 'Tracking' },
  {
    name: 'demo-poste-fermoposta',
    body: {
      corriere: 72,
      servizio: 3,
      rcpt_prov: 'RM',
      rcpt_cap: '00184',
      rcpt_city: 'Roma',
      carrier1_id_fermoposta: '00184',
      carrier1_accessori: 1,
    },
    line: 'Ufficio fermoposta',
  },
  {
    name: 'demo-point-access-point',
    body: { corriere: 73, servizio: 2, carrier2_uap_id: 'U00001234', carrier2_signature_required: 1 },
    line: 'Access Point',
  },
  {
    name: 'demo-cargo-options-return',
    body: { corriere: 74, servizio: 1, carrier4_options: ['AVV', 'TEL'], flag_reso: 1, chi_paga: 1 },
    line: 'Opzioni',
  },
  {
    name: 'demo-rapido-same-day',
    body: {
      corriere: 75,
      servizio: 2,
      codice_merce_carrier5: 'ELE',
      rcpt_prov: 'MI',
      rcpt_cap: '20121',
      rcpt_city: 'Milano',
      al_piano: 'S',
    },
    line: 'Codice merce',
  },
];

let engine: Engine;
let caller: Caller;

beforeAll(() => {
  ({ engine, caller } = openEngine(KEY, {
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    clock: fixedClock,
  }));
});
afterAll(closeEngines);

describe('labels of every built-in courier', () => {
  for (const { name, body, line } of CASES) {
    it(`${name}: pinned ZPL with the courier's own line, scanning in every format`, async () => {
      const outcome = await engine.createShipment(
        caller,
        validShipment({ ddt_alpha: name.toUpperCase(), ddt_num: 4242, ...body }),
      );
      if (outcome.kind !== 'created') throw new Error(outcome.error);
      const record = outcome.record;
      expect(record.error).toBe('');
      expect(record.status).toBe(0);
      const zpl = record.label_zpl[0] ?? '';
      expect(zpl).toContain(line);
      expectGolden(`couriers/${name}.zpl`, zpl);
      const barcode = record.daticolli?.[0]?.barcode ?? '';
      expect(await decodeBarcodes(Buffer.from(record.label_jpg[0] ?? '', 'base64'))).toContain(barcode);
      expect(await decodeBarcodes(await rasterizePdf(Buffer.from(record.label_pdf[0] ?? '', 'base64')))).toContain(
        barcode,
      );
    });
  }
});
