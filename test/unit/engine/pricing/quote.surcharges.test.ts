// What a shipment pays on top of the weight price: the per-shipment fee, fuel on the transport parts only, cash on
// delivery, insurance, the services and options it asks for, the minimum charge and VAT, all adding up to the total.
import { describe, expect, it } from 'vitest';
import { isRefusal, priceOn } from '../../../../src/engine/pricing/quote';
import { listFor, lists, partsInCents, plainList, priced, shipment } from './support';
import { seededRandom } from '../../../helpers/random';

describe('fixed fees and fuel', () => {
  it('adds the per-shipment fee once, whatever the number of parcels', () => {
    const list = plainList({ per_shipment: 1.5, extra_parcel: 2 });
    expect(priced(list, shipment({ colli: 1 })).breakdown.perShipment).toBe(1.5);
    const three = priced(list, shipment({ colli: 3 }));
    expect([three.breakdown.perShipment, three.breakdown.extraParcels, three.total]).toEqual([1.5, 4, 15.5]);
  });

  it('applies fuel to base, extra parcels, per-shipment fee and remote area, never to the other surcharges', () => {
    const list = plainList({
      fuel_pct: 10,
      per_shipment: 1,
      extra_parcel: 2,
      cod_pct: 2,
      cod_min: 0,
      insurance_pct: 1,
      surcharge_zones: [{ code: 'LAGUNA', name: 'Laguna', countries: ['IT'], cap_prefixes: ['3012'], amount: 5 }],
      flags: { al_piano: 7 },
      options: { TEL: 3 },
      accessori: { 1: 4 },
    });
    const line = priced(
      list,
      shipment({
        rcpt_cap: '30124',
        rcpt_prov: 'VE',
        rcpt_city: 'Venezia',
        colli: 2,
        contrassegno: 100,
        valore: 200,
        al_piano: 'S',
        carrier4_options: ['TEL'],
        carrier1_accessori: 1,
      }),
    );
    // Transport: 10 + 2 + 1 + 5 = 18, so fuel is 1.80 even though the shipment costs 36.80 before it.
    expect(line.breakdown).toEqual({
      base: 10,
      extraParcels: 2,
      perShipment: 1,
      remoteArea: 5,
      fuel: 1.8,
      cashOnDelivery: 2,
      insurance: 2,
      services: 7,
      options: 7,
      minimumTopUp: 0,
    });
    expect(line.total).toBe(37.8);
  });
});

describe('services and options', () => {
  const list = plainList({
    flags: {
      al_sabato: 12,
      al_piano: 9,
      preavviso_telefonico: 1.5,
      reso_contestuale: 6,
      fermo_deposito: 0.5,
      signature_required: 2.9,
      return_shipment: 4.5,
      recipient_pays: 2,
      ddp: 15,
    },
  });
  const services = (changes: Record<string, unknown>) =>
    priced(list, shipment(changes)).charges.map((c) => [c.code, c.amount]);

  it('prices each S/N service flag asked for', () => {
    expect(
      services({
        al_sabato: 'S',
        al_piano: 'S',
        preavviso_telefonico: 'S',
        reso_contestuale: 'S',
        fermo_deposito: 'S',
      }),
    ).toEqual([
      ['al_sabato', 12],
      ['al_piano', 9],
      ['preavviso_telefonico', 1.5],
      ['reso_contestuale', 6],
      ['fermo_deposito', 0.5],
    ]);
    expect(services({ al_sabato: 'N', al_piano: '' })).toEqual([]);
  });

  it('prices a signature, a return shipment, carriage forward and duties paid by the sender', () => {
    expect(services({ carrier2_signature_required: 1 })).toEqual([['signature_required', 2.9]]);
    expect(services({ flag_reso: 1 })).toEqual([['return_shipment', 4.5]]);
    expect(services({ chi_paga: 1 })).toEqual([['recipient_pays', 2]]);
    expect(services({ addebito_dogana: 1 })).toEqual([['ddp', 15]]);
    expect(services({ addebito_dogana: 2, chi_paga: 0, flag_reso: 0, carrier2_signature_required: 0 })).toEqual([]);
  });

  it('charges nothing for a service the list does not price', () => {
    const line = priced(
      plainList(),
      shipment({ al_sabato: 'S', carrier2_signature_required: 1, flag_reso: 1, chi_paga: 1 }),
    );
    expect([line.breakdown.services, line.charges, line.total]).toEqual([0, [], 10]);
  });

  it('prices carrier4_options by code, ignoring case, once per code, and unlisted codes at zero', () => {
    const cargo = listFor(74, 1); // Demo Cargo Business Parcel: AVV 0.30, PRV 2.50, IDC 3.00, SRS 5.00, TEL 1.20
    const line = priced(cargo, shipment({ carrier4_options: ['tel', 'PRV', 'TEL', 'XYZ'] }));
    expect(line.charges).toEqual([
      { part: 'options', code: 'TEL', label: 'opzione TEL', amount: 1.2 },
      { part: 'options', code: 'PRV', label: 'opzione PRV', amount: 2.5 },
    ]);
    expect(line.breakdown.options).toBe(3.7);
  });

  it('prices each carrier1_accessori bit that is set, and a bit the list does not price at zero', () => {
    const poste = listFor(72, 1); // Demo Poste Pacco Ordinario: 1 → 2.20, 2 → 3.50, 4 → 1.00
    expect(priced(poste, shipment({ carrier1_accessori: 5 })).charges.map((c) => [c.code, c.amount])).toEqual([
      ['1', 2.2],
      ['4', 1],
    ]);
    expect(priced(poste, shipment({ carrier1_accessori: 7 })).breakdown.options).toBe(6.7);
    const fermoposta = listFor(72, 3); // bits 1 and 4 only
    expect(priced(fermoposta, shipment({ carrier1_accessori: 2 })).breakdown.options).toBe(0);
    expect(priced(poste, shipment()).breakdown.options).toBe(0);
  });
});

describe('minimum charge and VAT', () => {
  it('tops up to the minimum after every surcharge, and shows VAT apart from the net total', () => {
    const line = priced(
      plainList({ min_charge: 12.5, flags: { preavviso_telefonico: 1 } }),
      shipment({ preavviso_telefonico: 'S' }),
    );
    expect([line.breakdown.minimumTopUp, line.total, line.vat, line.totalWithVat]).toEqual([1.5, 12.5, 2.75, 15.25]);
  });
});

const DESTINATIONS = [
  { rcpt_country_code: 'IT', rcpt_prov: 'MI', rcpt_cap: '20121' },
  { rcpt_country_code: 'IT', rcpt_prov: 'PA', rcpt_cap: '90121' },
  { rcpt_country_code: 'IT', rcpt_prov: 'VE', rcpt_cap: '30124' },
  { rcpt_country_code: 'IT', rcpt_prov: 'NA', rcpt_cap: '80073' },
  { rcpt_country_code: 'IT', rcpt_prov: 'RM', rcpt_cap: '00184' },
  { rcpt_country_code: 'DE', rcpt_prov: 'BE', rcpt_cap: '10115' },
  { rcpt_country_code: 'ES', rcpt_prov: 'PM', rcpt_cap: '07001' },
  { rcpt_country_code: 'US', rcpt_prov: 'NY', rcpt_cap: '10001' },
];

describe('the breakdown', () => {
  it('adds up exactly to the total, and total plus VAT to the total with VAT, for many random shipments', () => {
    const next = seededRandom(20250110);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const money = (max: number) => Math.round(next() * max * 100) / 100;
    let checked = 0;
    for (let i = 0; i < 600; i += 1) {
      const input = shipment({
        ...pick(DESTINATIONS),
        rcpt_city: 'Città',
        peso: Math.round(next() * 600 * 1000) / 1000,
        volume: Math.round(next() * 2 * 1000) / 1000,
        colli: 1 + Math.floor(next() * 12),
        contrassegno: next() < 0.3 ? money(3000) : 0,
        valore: next() < 0.3 ? money(20000) : 0,
        al_sabato: pick(['S', '']),
        al_piano: pick(['S', '']),
        preavviso_telefonico: pick(['S', 'N']),
        reso_contestuale: pick(['S', '']),
        fermo_deposito: pick(['S', '']),
        carrier2_signature_required: pick([0, 1]),
        flag_reso: pick([0, 1]),
        chi_paga: pick([0, 1]),
        addebito_dogana: pick([0, 1, 2]),
        carrier4_options: next() < 0.5 ? ['TEL', 'idc'] : [],
        carrier1_accessori: Math.floor(next() * 8),
      });
      for (const list of lists) {
        const result = priceOn(list, input);
        if (isRefusal(result)) continue;
        checked += 1;
        expect(partsInCents(result)).toBe(Math.round(result.total * 100));
        expect(Math.round(result.totalWithVat * 100)).toBe(
          Math.round(result.total * 100) + Math.round(result.vat * 100),
        );
        const charged = result.charges.reduce((sum, c) => sum + Math.round(c.amount * 100), 0);
        expect(charged).toBe(Math.round((result.breakdown.services + result.breakdown.options) * 100));
        expect(
          Object.values(result.breakdown).every(
            (part) => part >= 0 && Math.abs(part * 100 - Math.round(part * 100)) < 1e-6,
          ),
        ).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
