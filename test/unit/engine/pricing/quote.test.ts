// Pricing a shipment on the demo couriers' price lists and picking the cheapest for corriere 0 + servizio 0: what is
// billed, and why a service is left out.
import { describe, expect, it } from 'vitest';
import { createCourierRegistry, type CourierRegistry } from '../../../../src/engine/couriers/registry';
import type { PriceList } from '../../../../src/engine/pricing/priceList';
import { priceOn, quote, quoteOnLists } from '../../../../src/engine/pricing/quote';
import { listFor, lists, partsInCents, priced, registryOf, shipment } from './support';
import { places, resources } from '../../../helpers/resources';
import { goodsLines } from '../../../fixtures/customsLines';

const PALERMO = { rcpt_prov: 'PA', rcpt_cap: '90121', rcpt_city: 'Palermo' };
const MUNICH = { rcpt_country_code: 'DE', rcpt_prov: 'BY', rcpt_cap: '80331', rcpt_city: 'München' };
const LUGANO = { rcpt_country_code: 'CH', rcpt_prov: 'TI', rcpt_cap: '6900', rcpt_city: 'Lugano' };
const CUSTOMS = {
  valore_doganale: 120,
  invoice_number: 'F-1',
  invoice_date: '2025-01-10',
  sender_eori: 'IT01234567890',
};

/** The first two demo couriers' original services: their expectations do not move when couriers are added. */
const original = registryOf(['70/1', '70/2', '71/1', '71/2']);
const standard = listFor(70, 1); // Demo Express Standard: 250 kg/m³, fuel 9.5 %, COD 2 % min 3, insurance 0.6 % min 2.5

describe('pricing one shipment', () => {
  it('bills the real weight when it is the greater', () => {
    const line = priced(standard, shipment({ peso: 2, volume: 0.001 }));
    expect(line.billedWeightKg).toBe(2);
    expect(line.breakdown.base).toBe(5.4);
    expect(line.breakdown.fuel).toBe(0.51);
    expect(line.total).toBe(5.91);
    expect(line.vat).toBe(1.3);
    expect(line.totalWithVat).toBe(7.21);
  });

  it('bills the volumetric weight when it is greater than the real one', () => {
    const line = priced(standard, shipment({ peso: 1, volume: 0.1 }));
    expect(line.billedWeightKg).toBe(25);
    expect(line.breakdown.base).toBe(11.8);
  });

  it('charges Sicily and Sardinia as a zone of their own', () => {
    const mainland = priced(standard, shipment());
    const island = priced(standard, shipment(PALERMO));
    expect([mainland.zone, mainland.zoneName]).toEqual(['IT', 'Italia']);
    expect([island.zone, island.zoneName]).toEqual(['ISOLE', 'Sicilia e Sardegna']);
    expect(island.breakdown.base).toBe(7.9);
    expect(island.remoteArea).toBe('');
    expect(island.total).toBeGreaterThan(mainland.total);
  });

  it('adds a cash-on-delivery surcharge as a percentage, never below its minimum', () => {
    expect(priced(standard, shipment({ contrassegno: 100 })).breakdown.cashOnDelivery).toBe(3);
    expect(priced(standard, shipment({ contrassegno: 500 })).breakdown.cashOnDelivery).toBe(10);
    expect(priced(standard, shipment()).breakdown.cashOnDelivery).toBe(0);
  });

  it('adds an insurance surcharge as a percentage of the insured value, never below its minimum', () => {
    expect(priced(standard, shipment({ valore: 100 })).breakdown.insurance).toBe(2.5);
    expect(priced(standard, shipment({ valore: 1000 })).breakdown.insurance).toBe(6);
    expect(priced(standard, shipment()).breakdown.insurance).toBe(0);
  });

  it('charges extra parcels and the services asked for, with fuel on the transport only', () => {
    const line = priced(standard, shipment({ colli: 3, preavviso_telefonico: 'S', reso_contestuale: 'S' }));
    expect(line.breakdown.extraParcels).toBe(2.4);
    expect(line.breakdown.services).toBe(7.5);
    expect(line.breakdown.fuel).toBe(0.74); // 9.5 % of 5.40 + 2.40
    expect(line.charges).toEqual([
      { part: 'services', code: 'preavviso_telefonico', label: 'preavviso telefonico', amount: 1.5 },
      { part: 'services', code: 'reso_contestuale', label: 'reso contestuale', amount: 6 },
    ]);
  });

  it('tops a cheap shipment up to the minimum charge', () => {
    const withMinimum: PriceList = { ...standard, min_charge: 20 };
    const line = priced(withMinimum, shipment());
    expect(line.breakdown.minimumTopUp).toBe(14.09);
    expect(line.total).toBe(20);
    expect(priced(standard, shipment()).breakdown.minimumTopUp).toBe(0);
  });

  it('shows a breakdown that adds up to the total charged', () => {
    // Demo Europa Economy: 5.90 + 0.90 extra parcel + 11 % fuel + 1.5 % of 377.77 cash on delivery.
    const line = priced(listFor(71, 1), shipment({ colli: 2, contrassegno: 377.77 }));
    expect(line.breakdown.cashOnDelivery).toBe(5.67);
    expect(partsInCents(line)).toBe(Math.round(line.total * 100));
    expect(line.total).toBe(13.22); // 5.90 + 0.90 + 0.75 + 5.67
  });

  it('cannot price a weight beyond the last bracket', () => {
    // Express 24h brackets stop at 100 kg; 1 m³ at 250 kg/m³ bills 250 kg while the real 10 kg is within the service.
    expect(priceOn(listFor(70, 2), shipment({ peso: 10, volume: 1 }))).toEqual({
      reason: 'Peso tassabile 250 kg oltre il massimo del listino',
      code: 'weightOverList',
      params: { kg: 250 },
    });
  });

  it('cannot price a destination none of its zones covers, and says which one', () => {
    expect(priceOn(listFor(75, 2), shipment({ rcpt_prov: 'FC', rcpt_cap: '47121', rcpt_city: 'Forlì' }))).toEqual({
      reason: 'Destinazione IT 47121 (FC) non presente nel listino',
      code: 'destinationNotInList',
      params: { country: 'IT', cap: '47121', prov: 'FC' },
    });
  });
});

describe('choosing among courier services', () => {
  it('lists the eligible services cheapest first', () => {
    const { eligible, excluded } = quote(shipment(), original, lists);
    expect(eligible.map((l) => [l.corriere, l.servizio, l.total])).toEqual([
      [70, 1, 5.91],
      [71, 1, 6.55],
      [70, 2, 9.75],
    ]);
    expect(eligible.map((l) => `${l.courierName} ${l.serviceName}`)).toEqual([
      'Demo Express Standard',
      'Demo Europa Economy Italia',
      'Demo Express Express 24h',
    ]);
    expect(excluded).toEqual([
      {
        corriere: 71,
        servizio: 2,
        courierName: 'Demo Europa',
        serviceName: 'Europa Road',
        reason: 'Servizio Demo Europa Europa Road non disponibile per la destinazione IT',
        code: 'destinationUnavailable',
        params: { country: 'IT' },
        field: 'rcpt_country_code',
      },
    ]);
  });

  it(
    'breaks a tie by the lower courier id, then the lower ' + 'service id, whatever the order of couriers and lists',
    () => {
      const flat: PriceList = {
        ...standard,
        zones: [{ code: 'ALL', name: 'Tutto', countries: ['IT'] }],
        surcharge_zones: [],
        brackets: [{ max_kg: 100, prices: { ALL: 10 } }],
      };
      const equalLists = [
        { ...flat, corriere: 71, servizio: 1 },
        { ...flat, corriere: 70, servizio: 2 },
        { ...flat, corriere: 70, servizio: 1 },
      ];
      const backwards = [...createCourierRegistry(resources).all()]
        .reverse()
        .map((c) => ({ ...c, services: [...c.services].reverse() }));
      const reversedRegistry: CourierRegistry = {
        all: () => backwards,
        get: (id) => backwards.find((c) => c.id === id),
        service: () => undefined,
        places,
      };

      const { eligible } = quote(shipment(), reversedRegistry, equalLists);
      expect(eligible.map((l) => l.total)).toEqual([10.95, 10.95, 10.95]);
      expect(eligible.map((l) => [l.corriere, l.servizio])).toEqual([
        [70, 1],
        [70, 2],
        [71, 1],
      ]);
    },
  );

  it('offers Germany only the services that go abroad and says why the others are out', () => {
    const { eligible, excluded } = quote(shipment(MUNICH), original, lists);
    expect(eligible.map((l) => [l.courierName, l.serviceName, l.zone])).toEqual([
      ['Demo Europa', 'Europa Road', 'EU1'],
    ]);
    expect(excluded.map((e) => [e.corriere, e.servizio, e.reason])).toEqual([
      [70, 1, 'Servizio Demo Express Standard non disponibile per la destinazione DE'],
      [70, 2, 'Servizio Demo Express Express 24h non disponibile per la destinazione DE'],
      [71, 1, 'Servizio Demo Europa Economy Italia non disponibile per la destinazione DE'],
    ]);
  });

  it('leaves out a destination outside the EU customs territory until the customs data are given', () => {
    const { eligible, excluded } = quote(shipment(LUGANO), original, lists);
    expect(eligible).toEqual([]);
    expect(excluded.find((e) => e.corriere === 71 && e.servizio === 2)?.reason).toContain('Valore doganale');

    const declared = quote(shipment({ ...LUGANO, ...CUSTOMS, dettagli_ordine: goodsLines(120) }), original, lists);
    expect(declared.eligible.map((l) => [l.corriere, l.servizio, l.zone])).toEqual([[71, 2, 'EXTRA']]);
  });

  it('leaves out a service whose price list stops below the billed weight', () => {
    const { eligible, excluded } = quote(shipment({ peso: 10, volume: 1 }), original, lists);
    expect(excluded).toContainEqual({
      corriere: 70,
      servizio: 2,
      courierName: 'Demo Express',
      serviceName: 'Express 24h',
      reason: 'Peso tassabile 250 kg oltre il massimo del listino',
      code: 'weightOverList',
      params: { kg: 250 },
    });
    expect(eligible.map((l) => [l.corriere, l.servizio])).toEqual([
      [71, 1],
      [70, 1],
    ]);
  });

  it('leaves out a service that has no price list', () => {
    const { excluded } = quote(shipment(), original, [standard]);
    expect(excluded.map((e) => [e.corriere, e.servizio, e.reason])).toContainEqual([
      70,
      2,
      'Nessun listino configurato',
    ]);
  });

  it('accounts for every service of every built-in courier: priced or excluded with a reason', () => {
    const couriers = createCourierRegistry(resources);
    const every = (returns: boolean) =>
      couriers
        .all()
        .flatMap((c) => c.services.filter((s) => returns || !s.forReturns).map((s) => `${c.id}/${s.id}`))
        .sort();
    for (const flag_reso of [0, 1]) {
      const { eligible, excluded } = quote(shipment({ peso: 3.5, colli: 2, flag_reso }), couriers, lists);
      const seen = [...eligible, ...excluded].map((l) => `${l.corriere}/${l.servizio}`).sort();
      expect(seen).toEqual(every(flag_reso === 1));
      expect(excluded.every((e) => e.reason.length > 0)).toBe(true);
      expect(excluded.map((e) => e.reason)).not.toContain('Nessun listino configurato');
    }
  });

  it("offers a courier's return service for a return only, where it is the cheapest", () => {
    const couriers = createCourierRegistry(resources);
    const outward = quote(shipment({ peso: 3.5 }), couriers, lists);
    expect([...outward.eligible, ...outward.excluded].map((l) => `${l.corriere}/${l.servizio}`)).not.toContain('70/4');
    const back = quote(shipment({ peso: 3.5, flag_reso: 1 }), couriers, lists);
    expect(back.eligible.find((l) => l.corriere === 70 && l.servizio === 4)).toMatchObject({ serviceName: 'Reso' });
  });
});

describe('an excluded service says why as data too, for the screens to say in their language', () => {
  const byService = (q: ReturnType<typeof quote>, corriere: number, servizio: number) =>
    q.excluded.find((e) => e.corriere === corriere && e.servizio === servizio);

  it("carries a price list's reasons by code, their numbers as numbers, the Italian words unchanged", () => {
    expect(byService(quote(shipment(), original, [standard]), 70, 2)).toMatchObject({
      reason: 'Nessun listino configurato',
      code: 'noPriceList',
      params: {},
    });
    const services = [{ corriere: 70, servizio: 1, courierName: 'Demo Express', serviceName: 'Standard' }];
    expect(quoteOnLists(shipment(), services, []).excluded[0]).toMatchObject({
      reason: 'Nessun listino importato per questo servizio',
      code: 'noImportedList',
      params: {},
    });
    const heavy = byService(quote(shipment({ peso: 10, volume: 1 }), original, lists), 70, 2);
    expect(heavy).toMatchObject({ code: 'weightOverList', params: { kg: 250 } });
    const unpriced: PriceList = { ...standard, brackets: [{ max_kg: 100, prices: {} }] };
    expect(priceOn(unpriced, shipment())).toEqual({
      reason: 'Zona Italia senza prezzo per 100 kg',
      code: 'zoneWithoutPrice',
      params: { zone: 'Italia', kg: 100 },
    });
  });

  it("carries the courier's own refusals by code with what they speak of", () => {
    const all = createCourierRegistry(resources);
    const cases: [Record<string, unknown>, number, number, string, Record<string, string | number>, string][] = [
      [{ peso: 120 }, 70, 2, 'weightOverMax', { max: 100 }, 'Peso superiore al massimo di 100 kg per Demo Express'],
      [{ colli: 31, peso: 31 }, 70, 1, 'tooManyParcels', { max: 30 }, 'Numero di colli superiore al massimo di 30'],
      [{ rcpt_name: 'R'.repeat(36) }, 70, 1, 'fieldTooLong', { field: 'rcpt_name', max: 35 }, 'troppo lungo'],
      [{ rcpt_city: 'Roma' }, 70, 1, 'capCity', { cap: '20121', city: 'Roma' }, 'CAP 20121 non coerente'],
      [MUNICH, 70, 1, 'destinationUnavailable', { country: 'DE' }, 'non disponibile per la destinazione DE'],
      [
        LUGANO,
        71,
        2,
        'customsRequired',
        { country: 'CH', cap: '6900', fields: 'valore_doganale, invoice_number, invoice_date, sender_eori' },
        'Dati doganali obbligatori per CH 6900',
      ],
      [
        { ...LUGANO, ...CUSTOMS },
        71,
        2,
        'customsLinesInvalid',
        { country: 'CH', cap: '6900', fields: 'dettagli_ordine' },
        'Righe della merce non valide per CH 6900',
      ],
    ];
    for (const [changes, corriere, servizio, code, params, words] of cases) {
      const excluded = byService(quote(shipment(changes), all, lists), corriere, servizio);
      expect(excluded, code).toMatchObject({ code, params });
      expect(excluded?.reason, code).toContain(words);
    }
  });

  it('names no reason of the built-in couriers "other": each has a code of its own', () => {
    const all = createCourierRegistry(resources);
    const shipments = [
      shipment({ peso: 120, colli: 40, al_sabato: 'S', contrassegno: 9000, valore: 9000 }),
      shipment(MUNICH),
      shipment(LUGANO),
      shipment({ ...LUGANO, ...CUSTOMS }),
      shipment({ ...LUGANO, ...CUSTOMS, documenti: 1, addebito_dogana: 2 }),
      shipment({ rcpt_city: 'Roma', flag_reso: 1, chi_paga: 1 }),
      shipment({ rcpt_cap: '2012' }),
    ];
    const codes = shipments.flatMap((s) => quote(s, all, lists).excluded.map((e) => e.code));
    expect(codes.length).toBeGreaterThan(20);
    expect(codes).not.toContain('other');
  });
});
