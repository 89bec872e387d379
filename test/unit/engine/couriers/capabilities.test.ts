// What each built-in courier declares it can do, and the status-0.6 reasons when a shipment asks for more: the
// courier-specific fields of the spec (carrier1_* … carrier6_*), cash on delivery, insurance, returns, customs.
import { fieldIssue } from '../../../../src/shared/api/fieldIssues';
import { describe, expect, it } from 'vitest';
import { parseCreateShipment } from '../../../../src/shared/api/shipmentRequest';
import { checkShipment } from '../../../../src/engine/couriers/check';
import { outsideEuCustoms } from '../../../../src/shared/domain/customs';
import { onezCheckDigit } from '../../../../src/engine/couriers/demoPoint';
import { createCourierRegistry } from '../../../../src/engine/couriers/registry';
import { builtinCourierData, resolveCourierData } from '../../../../src/engine/couriers/data';
import type { CourierDefinition, ShipmentInput } from '../../../../src/engine/couriers/types';
import { places, resources } from '../../../helpers/resources';
import { goodsLines } from '../../../fixtures/customsLines';
import { parsedShipment } from '../../../fixtures/shipments';

const ROMA = {
  corriere: 72,
  servizio: 1,
  client_id: 1001,
  colli: 1,
  volume: 0.01,
  peso: 2,
  origine: 'IT',
  merce: 'Libri',
  rcpt_contact: 'Giulia Verdi',
  rcpt_name: 'Giulia Verdi',
  rcpt_prov: 'RM',
  rcpt_cap: '00184',
  rcpt_city: 'Roma',
  rcpt_addr: 'Via Cavour 10',
  rcpt_phone: '0612345678',
  rcpt_email: 'giulia@example.it',
  rcpt_country_code: 'IT',
};
const ZURICH = { rcpt_country_code: 'CH', rcpt_prov: 'ZH', rcpt_cap: '8001', rcpt_city: 'Zürich' };
const CUSTOMS = {
  valore_doganale: 120,
  invoice_number: 'F-2026-77',
  invoice_date: '2026-11-20',
  sender_eori: 'IT12345678901',
  dettagli_ordine: goodsLines(120, 1.5),
};

const registry = createCourierRegistry(resources);

const shipment = (changes: Record<string, unknown> = {}): ShipmentInput => parsedShipment({ ...ROMA, ...changes });

function check(courierId: number, serviceId: number, changes: Record<string, unknown> = {}) {
  const found = registry.service(courierId, serviceId);
  if (!found) throw new Error(`no service ${courierId}/${serviceId}`);
  return checkShipment(
    found.courier,
    found.service,
    shipment({ corriere: courierId, servizio: serviceId, ...changes }),
    places,
  );
}

function courier(id: number): CourierDefinition {
  const found = registry.get(id);
  if (!found) throw new Error(`no courier ${id}`);
  return found;
}

describe('the built-in couriers', () => {
  it('are six data files joined to their drivers, covering every courier-specific field of the spec', () => {
    expect(registry.all().map((c) => c.id)).toEqual([70, 71, 72, 73, 74, 75]);
    expect(builtinCourierData(resources)).toHaveLength(6);
    expect(courier(70).capabilities.parcelNumberRange).toEqual({ from: 1000000, to: 9999999 });
    expect(courier(73).capabilities.pickupPoints).toBe(true);
  });

  it('serve Italy and abroad: a worldwide service reaches Japan, a domestic one does not', () => {
    expect(courier(71).services.find((s) => s.id === 3)?.destinations).toContain('JP');
    expect(courier(71).services.find((s) => s.id === 3)?.destinations).not.toContain('IT');
    expect(
      check(72, 1, { rcpt_country_code: 'FR', rcpt_cap: '75001', rcpt_city: 'Paris', rcpt_prov: 'PA' }),
    ).toMatchObject({
      ok: false,
      reason: 'Servizio Demo Poste Pacco Ordinario non disponibile per la destinazione FR',
      field: 'rcpt_country_code',
    });
  });

  it('can be overridden from the config by id, merging only what is given', () => {
    const [express] = resolveCourierData(resources, [
      { id: 70, name: 'Express Locale', capabilities: { parcel_number_range: { from: 5, to: 9 } } },
    ]);
    expect(express?.name).toBe('Express Locale');
    expect(express?.capabilities.parcel_number_range).toEqual({ from: 5, to: 9 });
    expect(express?.capabilities.saturday).toBe(true);
    expect(() => createCourierRegistry(resources, [{ id: 99, driver: 'nope' }])).toThrow(/courier 99 is invalid/);
    expect(() =>
      createCourierRegistry(resources, [
        {
          id: 80,
          code: 'x',
          driver: 'nope',
          name: 'X',
          services: [
            { id: 1, name: 'S', destinations: ['IT'], max_parcels: 1, max_weight_kg: 1, max_parcel_weight_kg: 1 },
          ],
          label_formats: ['ZPL'],
          amendable_fields: [],
          capabilities: builtinCourierData(resources)[0]?.capabilities,
          field_limits: {},
          tracking_url: 'https://x.example/{num}',
        },
      ]),
    ).toThrow(/unknown driver "nope"/);
  });
});

describe('Demo Poste (carrier1_servizio, carrier1_id_fermoposta, carrier1_accessori)', () => {
  it('accepts the product code of the chosen service and refuses another', () => {
    expect(check(72, 2, { carrier1_servizio: 'APT000902' })).toEqual({ ok: true });
    expect(check(72, 2, { carrier1_servizio: 'APT000901' })).toMatchObject({
      ok: false,
      reason: 'carrier1_servizio APT000901 non coerente con il servizio Pacco Celere 1 (atteso APT000902)',
      field: 'carrier1_servizio',
    });
  });

  it('needs the 5-digit post office code for Fermoposta, and only there', () => {
    expect(check(72, 3, {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Fermoposta: indicare in carrier1_id_fermoposta'),
    });
    expect(check(72, 3, { carrier1_id_fermoposta: '55012' })).toEqual({ ok: true });
    expect(check(72, 1, { carrier1_id_fermoposta: '55012' })).toMatchObject({
      ok: false,
      reason: 'carrier1_id_fermoposta vale solo con il servizio Fermoposta',
      field: 'carrier1_id_fermoposta',
    });
  });

  it('accepts accessory services as a sum of the declared bits and refuses unknown bits', () => {
    expect(check(72, 1, { carrier1_accessori: 5 })).toEqual({ ok: true });
    expect(check(72, 1, { carrier1_accessori: 8 })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('carrier1_accessori 8 non valido'),
    });
  });

  it('records the product code in the waybill fields even when the request left it empty', () => {
    const poste = courier(72);
    const service = poste.services[1];
    if (!service) throw new Error('no service');
    const waybill = poste.waybill({ sequence: 7, service }, shipment({ servizio: 0, corriere: 0 }), poste);
    expect(waybill.fields).toEqual({ carrier1_servizio: 'APT000902' });
    expect(waybill.numSpedizione).toBe('7200000000007');
  });
});

describe('Demo Point (carrier2_uap_id, carrier2_signature_required)', () => {
  it('needs an access point id for the Access Point service and refuses it elsewhere', () => {
    expect(check(73, 2, {})).toMatchObject({ ok: false, reason: expect.stringContaining('carrier2_uap_id') });
    expect(check(73, 2, { carrier2_uap_id: 'U12345678', carrier2_signature_required: 1 })).toEqual({ ok: true });
    expect(check(73, 1, { carrier2_uap_id: 'U12345678' })).toMatchObject({
      ok: false,
      reason: 'carrier2_uap_id vale solo con il servizio Access Point',
      field: 'carrier2_uap_id',
    });
  });

  it('numbers waybills in the 1Z shape with a valid check digit', () => {
    const point = courier(73);
    const service = point.services[0];
    if (!service) throw new Error('no service');
    const num = point.waybill({ sequence: 1234567, service }, shipment(), point).numSpedizione;
    expect(num).toMatch(/^1ZDEMO7301\d{7}\d$/);
    expect(Number(num.slice(-1))).toBe(onezCheckDigit(num.slice(2, -1)));
  });
});

describe('Demo Cargo (carrier4_options) and Demo Rapido (codice_merce_carrier5)', () => {
  it('accepts the declared delivery options and names the unknown ones', () => {
    expect(check(74, 1, { carrier4_options: ['AVV', 'prv'] })).toEqual({ ok: true });
    expect(check(74, 1, { carrier4_options: ['AVV', 'XYZ'] })).toMatchObject({
      ok: false,
      reason: 'Opzioni non disponibili con Demo Cargo: XYZ (ammesse: AVV, PRV, IDC, SRS, TEL)',
      field: 'carrier4_options',
    });
  });

  it('requires a goods category from its list', () => {
    expect(check(75, 1, {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Codice merce (codice_merce_carrier5) obbligatorio'),
    });
    expect(check(75, 1, { codice_merce_carrier5: 'ZZZ' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Codice merce ZZZ non valido'),
    });
    expect(check(75, 1, { codice_merce_carrier5: 'ele' })).toEqual({ ok: true });
  });

  it('serves Same Day only in the provinces it declares', () => {
    expect(check(75, 2, { codice_merce_carrier5: 'GEN' })).toEqual({ ok: true });
    expect(
      check(75, 2, { codice_merce_carrier5: 'GEN', rcpt_prov: 'FC', rcpt_cap: '47121', rcpt_city: 'Forlì' }),
    ).toMatchObject({
      ok: false,
      reason: 'Servizio Demo Rapido Same Day non disponibile per la provincia FC (solo MI, RM)',
      field: 'rcpt_prov',
    });
  });
});

describe('services asked for against what the courier declares', () => {
  it('caps cash on delivery and accepts only the declared collection types', () => {
    expect(check(75, 1, { codice_merce_carrier5: 'GEN', contrassegno: 1600 })).toMatchObject({
      ok: false,
      reason: 'Contrassegno oltre il massimo di 1500 EUR con Demo Rapido',
      field: 'contrassegno',
    });
    expect(check(75, 1, { codice_merce_carrier5: 'GEN', contrassegno: 100, tipo_incasso: 10 })).toMatchObject({
      ok: false,
      reason:
        'Tipo di incasso 10 (assegno circolare intestato al mittente) non accettato da Demo Rapido ' +
        '(ammessi: 12 solo contanti)',
      field: 'tipo_incasso',
    });
    expect(check(70, 1, { contrassegno: 100, tipo_incasso: 10 })).toEqual({ ok: true });
    expect(check(75, 1, { codice_merce_carrier5: 'GEN', contrassegno: 100, tipo_incasso: 12 })).toEqual({ ok: true });
  });

  it('takes the documented collection codes, and the former ones as their documented equal', () => {
    const parsed = (tipo: unknown) => {
      const p = parseCreateShipment({ ...ROMA, contrassegno: 100, tipo_incasso: tipo });
      return p.ok ? p.value.tipo_incasso : p.error;
    };
    expect([10, 11, 12, 15, '12'].map(parsed)).toEqual([10, 11, 12, 15, 12]);
    // Former codes: 1 cheque to the sender → 15, 2 cashier's cheque → 10; 0 (not given) stays and means cash.
    expect([0, 1, 2].map(parsed)).toEqual([0, 15, 10]);
    expect(check(75, 1, { codice_merce_carrier5: 'GEN', contrassegno: 100, tipo_incasso: 0 })).toEqual({ ok: true });
    expect(parsed(3)).toMatch(/tipo_incasso: valori ammessi: 0, 1, 2, 12, 10, 11, 15/);
  });

  it('caps the insured value', () => {
    expect(check(72, 1, { valore: 2600 })).toMatchObject({
      ok: false,
      reason: 'Valore assicurato oltre il massimo di 2500 EUR con Demo Poste',
      field: 'valore',
    });
  });

  it('offers returns and "porto assegnato" only where declared', () => {
    expect(check(75, 1, { codice_merce_carrier5: 'GEN', flag_reso: 1 })).toMatchObject({
      ok: false,
      reason: 'Spedizioni di reso non disponibili con Demo Rapido',
      field: 'flag_reso',
    });
    expect(check(72, 1, { chi_paga: 1 })).toMatchObject({
      ok: false,
      reason: 'Porto assegnato (spese a carico del destinatario) non disponibile con Demo Poste',
      field: 'chi_paga',
    });
    expect(check(70, 1, { chi_paga: 1, flag_reso: 1 })).toEqual({ ok: true });
  });

  it("keeps a courier's return service for returns: a shipment that is not one is refused naming the service", () => {
    expect(check(70, 4, { flag_reso: 1 })).toEqual({ ok: true });
    expect(check(70, 4)).toMatchObject({
      ok: false,
      reason: 'Reso: servizio riservato ai resi (flag_reso 1)',
      code: 'returnsOnlyService',
      field: 'servizio',
    });
  });

  it('refuses a parcel heavier than the service carries per parcel', () => {
    expect(check(72, 1, { peso: 31 })).toMatchObject({ ok: false });
    expect(check(70, 1, { colli: 2, peso: 60, daticolli: [{ peso: 55 }, { peso: 5 }] })).toMatchObject({
      ok: false,
      reason: 'Peso di un collo superiore al massimo di 50 kg per Demo Express Standard',
      field: 'peso',
    });
  });
});

describe('customs outside the EU customs territory', () => {
  it('knows the EU territories outside it and the customs unions inside it', () => {
    expect(outsideEuCustoms('CH', '8001')).toBe(true);
    expect(outsideEuCustoms('ES', '35001')).toBe(true);
    expect(outsideEuCustoms('ES', '28001')).toBe(false);
    expect(outsideEuCustoms('IT', '23041')).toBe(true);
    expect(outsideEuCustoms('IT', '20121')).toBe(false);
    expect(outsideEuCustoms('SM', '47890')).toBe(false);
    expect(outsideEuCustoms('MC', '98000')).toBe(false);
  });

  it('asks for customs value, invoice and the sender EORI, naming what is missing', () => {
    expect(check(71, 2, ZURICH)).toMatchObject({
      ok: false,
      reason:
        'Dati doganali obbligatori per CH 8001 (fuori dal territorio doganale UE): Valore doganale, ' +
        'Numero fattura, Data fattura, EORI del mittente',
      field: 'valore_doganale',
      // Each missing field, by code: the form marks each of them, in the operator's language.
      issues: {
        valore_doganale: fieldIssue('customsRequired'),
        invoice_number: fieldIssue('customsRequired'),
        invoice_date: fieldIssue('customsRequired'),
        sender_eori: fieldIssue('customsRequired'),
      },
    });
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS })).toEqual({ ok: true });
  });

  it('refuses goods lines a customs office would refuse, naming each field, unless documents only', () => {
    const [books, mug] = goodsLines(120, 1.5);
    const lines = [books, { ...mug, hs_code: '' }];
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, dettagli_ordine: lines })).toMatchObject({
      ok: false,
      code: 'customsLinesInvalid',
      reason: 'Righe della merce non valide per CH 8001 (fuori dal territorio doganale UE): riga 2 Codice HS',
      field: 'dettagli_ordine.1.hs_code',
      issues: { 'dettagli_ordine.1.hs_code': fieldIssue('required') },
    });
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, dettagli_ordine: [] })).toMatchObject({
      ok: false,
      code: 'customsLinesInvalid',
      field: 'dettagli_ordine',
      issues: { dettagli_ordine: fieldIssue('customsLines') },
    });
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, valore_doganale: 100 })).toMatchObject({
      ok: false,
      reason: 'Righe della merce non valide per CH 8001 (fuori dal territorio doganale UE): Valore doganale',
      issues: { valore_doganale: fieldIssue('customsTotal', '120.00') },
    });
    expect(check(71, 3, { ...ZURICH, documenti: 1, dettagli_ordine: [] })).toEqual({ ok: true });
  });

  it('refuses before any paper is made a line the invoice would print blank, naming line and characters', () => {
    const [books, mug] = goodsLines(120, 1.5);
    const lines = [books, { ...mug, description: 'Porcelain mug 陶瓷杯 🍵' }];
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, dettagli_ordine: lines })).toMatchObject({
      ok: false,
      code: 'customsLinesInvalid',
      reason: 'Righe della merce non valide per CH 8001 (fuori dal territorio doganale UE): riga 2 Descrizione',
      field: 'dettagli_ordine.1.description',
      issues: { 'dettagli_ordine.1.description': fieldIssue('unprintable', '陶瓷杯🍵') },
    });
  });

  it('lets documents through without customs value where the courier carries documents', () => {
    expect(check(71, 3, { ...ZURICH, documenti: 1 })).toEqual({ ok: true });
    expect(check(74, 2, { ...ZURICH, documenti: 1 })).toMatchObject({
      ok: false,
      reason: "Spedizioni di soli documenti fuori dall'UE non disponibili con Demo Cargo",
      field: 'documenti',
    });
  });

  it('accepts duties paid by the sender (DDP) only where declared', () => {
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, addebito_dogana: 1 })).toEqual({ ok: true });
    expect(check(71, 2, { ...ZURICH, ...CUSTOMS, addebito_dogana: 2 })).toMatchObject({
      ok: false,
      reason: 'Dazi a carico di terzi non disponibili con Demo Europa',
      field: 'addebito_dogana',
    });
  });
});
