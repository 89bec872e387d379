// The built-in demo couriers: waybill numbers and parcel barcodes, and the checks that turn a shipment a courier
// cannot carry into status 0.6 with a reason.
import { courierTooLong, fieldIssue } from '../../../../src/shared/api/fieldIssues';
import { describe, expect, it } from 'vitest';
import { checkShipment } from '../../../../src/engine/couriers/check';
import { s10CheckDigit } from '../../../../src/engine/couriers/demoEuropa';
import { createCourierRegistry } from '../../../../src/engine/couriers/registry';
import type { CourierDefinition, CourierService, ShipmentInput, Waybill } from '../../../../src/engine/couriers/types';
import { places, resources } from '../../../helpers/resources';
import { MILAN_SHIPMENT, parsedShipment } from '../../../fixtures/shipments';

const MILANO = { ...MILAN_SHIPMENT, colli: 3, peso: 4 };
const MUNICH = { rcpt_country_code: 'DE', rcpt_prov: 'BY', rcpt_cap: '80331', rcpt_city: 'München' };

const shipment = (changes: Record<string, unknown> = {}): ShipmentInput => parsedShipment({ ...MILANO, ...changes });

const registry = createCourierRegistry(resources);
function courierOf(id: number): CourierDefinition {
  const found = registry.get(id);
  if (!found) throw new Error(`no courier ${id}`);
  return found;
}
const demoExpress = courierOf(70);
const demoEuropa = courierOf(71);

/** A waybill as the engine asks for it: sequence, service and, for range couriers, reserved parcel numbers. */
function waybillOf(courier: CourierDefinition, sequence: number, input: ShipmentInput, serviceId = 1): Waybill {
  const range = courier.capabilities.parcelNumberRange;
  const parcelNumbers = range
    ? { from: range.from + sequence * 100, to: range.from + sequence * 100 + input.colli - 1 }
    : undefined;
  return courier.waybill({ sequence, service: service(courier, serviceId), parcelNumbers }, input, courier);
}

function service(courier: CourierDefinition, id: number): CourierService {
  const found = courier.services.find((s) => s.id === id);
  if (!found) throw new Error(`${courier.name} has no service ${id}`);
  return found;
}

const expressStandard = service(demoExpress, 1);
const express24h = service(demoExpress, 2);
const europaEconomy = service(demoEuropa, 1);
const europaRoad = service(demoEuropa, 2);

describe('Demo Europa waybills (UPU S10)', () => {
  it('computes the S10 check digit of the standard example, 47312482 → 9', () => {
    // UPU S10: weights 8 6 4 2 3 5 9 7 give S = 200, C = 11 − (200 mod 11) = 9.
    expect(s10CheckDigit('47312482')).toBe(9);
  });

  it('turns a check value of 11 into 5 and of 10 into 0', () => {
    expect(s10CheckDigit('00000000')).toBe(5); // S = 0
    expect(s10CheckDigit('10100000')).toBe(0); // S = 8 + 4 = 12, 11 − 1 = 10
  });

  it('numbers the shipment as two letters, eight digits, the check digit and the origin country', () => {
    const waybill = waybillOf(demoEuropa, 47312482, shipment({ colli: 1 }));
    expect(waybill.numSpedizione).toBe('EU473124829IT');
    expect(waybill.barcode).toBe('EU473124829IT');
    expect(waybill.fields.carrier6_tracking_code).toMatch(/^JJD\d{18}$/);
    expect(waybill.trackingLink).toContain(String(waybill.fields.carrier6_tracking_code));
  });
});

describe('parcel barcodes', () => {
  for (const courier of registry.all()) {
    it(`${courier.name} prints one barcode per parcel, all different`, () => {
      const waybill = waybillOf(courier, 42, shipment({ colli: 12 }));
      expect(waybill.parcelBarcodes).toHaveLength(12);
      expect(new Set(waybill.parcelBarcodes).size).toBe(12);
      if (!courier.capabilities.parcelNumberRange) {
        for (const barcode of waybill.parcelBarcodes) expect(barcode.startsWith(waybill.numSpedizione)).toBe(true);
      }
      expect(waybill.trackingLink.startsWith('https://')).toBe(true);
    });

    it(`${courier.name} never repeats a parcel barcode across consecutive waybills`, () => {
      const all = [41, 42, 43].flatMap(
        (sequence) => waybillOf(courier, sequence, shipment({ colli: 5 })).parcelBarcodes,
      );
      expect(new Set(all).size).toBe(15);
    });
  }

  it('prints on Demo Express parcels the numbers reserved from its pre-assigned range', () => {
    const waybill = demoExpress.waybill(
      { sequence: 42, service: expressStandard, parcelNumbers: { from: 1000007, to: 1000008 } },
      shipment({ colli: 2 }),
      demoExpress,
    );
    expect(waybill.parcelBarcodes).toEqual(['70S001000007', '70S001000008']);
    expect(waybill.fields).toEqual({ carrier3_num_segnacollo_da: 1000007, carrier3_num_segnacollo_a: 1000008 });
    expect(waybill.numSpedizione).toBe('700000000042');
  });
});

describe('courier checks before a waybill', () => {
  it('accepts a domestic shipment that fits', () => {
    expect(checkShipment(demoExpress, expressStandard, shipment(), places)).toEqual({ ok: true });
  });

  it('refuses a recipient name longer than Demo Express takes (35 characters)', () => {
    expect(checkShipment(demoExpress, expressStandard, shipment({ rcpt_name: 'R'.repeat(36) }), places)).toMatchObject({
      ok: false,
      reason: 'Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri',
      field: 'rcpt_name',
      // With how long the text is: what is over (issue 39).
      issues: { rcpt_name: courierTooLong(35, 36) },
    });
    expect(checkShipment(demoExpress, expressStandard, shipment({ rcpt_name: 'R'.repeat(35) }), places)).toEqual({
      ok: true,
    });
    expect(checkShipment(demoEuropa, europaEconomy, shipment({ rcpt_name: 'R'.repeat(36) }), places)).toEqual({
      ok: true,
    });
  });

  it('says an Italian address whose CAP, city and province disagree at the field to change', () => {
    const at = (overrides: Record<string, unknown>) =>
      checkShipment(demoExpress, expressStandard, shipment(overrides), places);
    expect(at({ rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'MI' })).toMatchObject({
      ok: false,
      code: 'capCity',
      field: 'rcpt_city',
      issues: { rcpt_city: fieldIssue('capCity', 'Milano') },
    });
    expect(at({ rcpt_cap: '20121', rcpt_city: 'Milano', rcpt_prov: 'RM' })).toMatchObject({
      field: 'rcpt_cap',
      issues: { rcpt_cap: fieldIssue('capProvince', 'MI') },
    });
    expect(at({ rcpt_cap: '2012' })).toMatchObject({
      field: 'rcpt_cap',
      issues: { rcpt_cap: fieldIssue('capDigits') },
    });
    expect(at({ rcpt_cap: '00999', rcpt_city: 'Roma', rcpt_prov: 'RM' })).toMatchObject({
      field: 'rcpt_cap',
      issues: { rcpt_cap: fieldIssue('capUnknown') },
    });
  });

  it('refuses Saturday delivery on a courier that does not offer it', () => {
    expect(checkShipment(demoEuropa, europaEconomy, shipment({ al_sabato: 'S' }), places)).toMatchObject({
      ok: false,
      reason: 'Servizio consegna al sabato non disponibile con Demo Europa',
      field: 'al_sabato',
    });
  });

  it('offers Saturday delivery with Demo Express only on Express 24h', () => {
    expect(checkShipment(demoExpress, express24h, shipment({ al_sabato: 'S' }), places)).toEqual({ ok: true });
    expect(checkShipment(demoExpress, expressStandard, shipment({ al_sabato: 'S' }), places)).toMatchObject({
      ok: false,
      reason: 'Consegna al sabato disponibile solo con Demo Express Express 24h',
      field: 'al_sabato',
    });
    expect(checkShipment(demoExpress, expressStandard, shipment({ al_sabato: 'N' }), places)).toEqual({ ok: true });
  });

  it('refuses cash on delivery abroad', () => {
    expect(checkShipment(demoEuropa, europaRoad, shipment({ ...MUNICH, contrassegno: 50 }), places)).toMatchObject({
      ok: false,
      reason: 'Contrassegno non disponibile con Demo Europa verso DE',
      field: 'contrassegno',
    });
    expect(checkShipment(demoEuropa, europaRoad, shipment(MUNICH), places)).toEqual({ ok: true });
    expect(checkShipment(demoExpress, expressStandard, shipment({ contrassegno: 50 }), places)).toEqual({ ok: true });
  });

  it('refuses a destination the service does not serve', () => {
    expect(checkShipment(demoExpress, expressStandard, shipment(MUNICH), places)).toMatchObject({
      ok: false,
      reason: 'Servizio Demo Express Standard non disponibile per la destinazione DE',
      field: 'rcpt_country_code',
    });
  });

  it('refuses more parcels than the service carries', () => {
    expect(checkShipment(demoExpress, expressStandard, shipment({ colli: 31 }), places)).toMatchObject({
      ok: false,
      reason: 'Numero di colli superiore al massimo di 30 per Demo Express Standard',
      field: 'colli',
    });
  });

  it('refuses an Italian postal code that does not match the city', () => {
    expect(checkShipment(demoExpress, expressStandard, shipment({ rcpt_city: 'Roma' }), places)).toMatchObject({
      ok: false,
      reason: 'CAP 20121 non coerente con la località Roma (località del CAP: Milano)',
      // Said at the city, which is what the operator changes: the CAP's municipality is in the words.
      field: 'rcpt_city',
    });
  });
});
