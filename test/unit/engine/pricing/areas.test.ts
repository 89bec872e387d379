// Where a price applies: zones by country, province, postal-code prefix and postal-code range, and the remote areas
// (Venice lagoon, minor islands, Livigno, Campione d'Italia) charged on top of the zone price.
import { describe, expect, it } from 'vitest';
import { firstMatch, matchesArea } from '../../../../src/engine/pricing/areas';
import { findZone } from '../../../../src/engine/pricing/priceList';
import { listFor, plainList, priced, shipment } from './support';

const it_ = (cap: string, prov = 'XX') => ({ country: 'IT', prov, cap });

describe('postal-code ranges', () => {
  const lagoon = { countries: ['IT'], cap_ranges: [{ from: '30121', to: '30126' }] };

  it('include both ends and everything between', () => {
    expect(['30121', '30123', '30126'].map((cap) => matchesArea(lagoon, it_(cap)))).toEqual([true, true, true]);
    expect(['30120', '30127', '30171'].map((cap) => matchesArea(lagoon, it_(cap)))).toEqual([false, false, false]);
  });

  it('keep leading zeros and never match a code of another length or with letters', () => {
    const maddalena = { countries: ['IT'], cap_ranges: [{ from: '07020', to: '07029' }] };
    expect(matchesArea(maddalena, it_('07024'))).toBe(true);
    expect(matchesArea(maddalena, it_('7024'))).toBe(false);
    expect(matchesArea(maddalena, it_('070245'))).toBe(false);
    expect(matchesArea(maddalena, it_('0702A'))).toBe(false);
  });

  it('are an alternative to prefixes, while country and province must hold as well', () => {
    const area = {
      countries: ['IT'],
      provinces: ['NA'],
      cap_prefixes: ['80079'],
      cap_ranges: [{ from: '80071', to: '80077' }],
    };
    expect(matchesArea(area, it_('80079', 'NA'))).toBe(true);
    expect(matchesArea(area, it_('80073', 'na'))).toBe(true);
    expect(matchesArea(area, it_('80073', 'SA'))).toBe(false);
    expect(matchesArea(area, { country: 'SM', prov: 'NA', cap: '80073' })).toBe(false);
  });

  it('and prefixes ignore spaces and case in foreign postal codes', () => {
    const london = { countries: ['GB'], cap_prefixes: ['sw1'] };
    expect(matchesArea(london, { country: 'GB', prov: '', cap: 'SW1A 1AA' })).toBe(true);
  });
});

describe('zones', () => {
  it('are tried in the order of the list, so an island zone before the national one wins', () => {
    const list = plainList({
      zones: [
        { code: 'CAPRI', name: 'Capri', countries: ['IT'], cap_ranges: [{ from: '80071', to: '80073' }] },
        { code: 'IT', name: 'Italia', countries: ['IT'] },
      ],
      brackets: [{ max_kg: 10, prices: { CAPRI: 15, IT: 10 } }],
    });
    expect(findZone(list, 'IT', 'NA', '80073')?.code).toBe('CAPRI');
    expect(findZone(list, 'IT', 'NA', '80078')?.code).toBe('IT');
    expect(firstMatch(list.zones, it_('80071'))?.name).toBe('Capri');
  });

  it('can be a single province, as for a same-day service in Milan and Rome', () => {
    const sameDay = listFor(75, 2);
    expect(findZone(sameDay, 'IT', 'MI', '20121')?.code).toBe('MI');
    expect(findZone(sameDay, 'IT', 'RM', '00184')?.code).toBe('RM');
    expect(findZone(sameDay, 'IT', 'TO', '10121')).toBeUndefined();
  });
});

describe('remote areas in Italy', () => {
  const express = listFor(70, 1); // Demo Express Standard: lagoon 9.00, minor islands 11.00, Livigno and Campione 14.00
  const at = (cap: string, prov: string, city: string, changes: Record<string, unknown> = {}) =>
    priced(express, shipment({ rcpt_cap: cap, rcpt_prov: prov, rcpt_city: city, ...changes }));

  it('charge the Venice lagoon (historic centre, Lido, Murano, Burano) but not mainland Venice', () => {
    for (const cap of ['30121', '30124', '30126', '30133', '30141', '30142']) {
      const line = at(cap, 'VE', 'Venezia');
      expect([cap, line.remoteArea, line.breakdown.remoteArea]).toEqual([
        cap,
        'Venezia centro storico, Lido e isole della laguna',
        9,
      ]);
    }
    const mestre = at('30171', 'VE', 'Venezia');
    expect([mestre.remoteArea, mestre.breakdown.remoteArea, mestre.zone]).toEqual(['', 0, 'IT']);
  });

  it("charge Livigno and Campione d'Italia", () => {
    expect(at('23041', 'SO', 'Livigno').remoteArea).toBe('Livigno (extradoganale)');
    expect(at('23041', 'SO', 'Livigno').breakdown.remoteArea).toBe(14);
    expect(at('22061', 'CO', "Campione d'Italia").remoteArea).toBe("Campione d'Italia (extradoganale)");
    expect(at('23030', 'SO', 'Valdidentro').remoteArea).toBe('');
  });

  it('charge a minor island on top of its zone: Capri on the mainland price, Lampedusa on the Sicily price', () => {
    const capri = at('80073', 'NA', 'Capri');
    expect([capri.zone, capri.remoteArea, capri.breakdown.base, capri.breakdown.remoteArea]).toEqual([
      'IT',
      'Isole minori',
      5.4,
      11,
    ]);
    const lampedusa = at('92031', 'AG', 'Lampedusa e Linosa');
    expect([lampedusa.zone, lampedusa.remoteArea, lampedusa.breakdown.base, lampedusa.breakdown.remoteArea]).toEqual([
      'ISOLE',
      'Isole minori',
      7.9,
      11,
    ]);
    const palermo = at('90121', 'PA', 'Palermo');
    expect([palermo.zone, palermo.remoteArea]).toEqual(['ISOLE', '']);
  });

  it('recognise the listed islands by postal code', () => {
    const islands: [string, string, string][] = [
      ['80073', 'NA', 'Capri'],
      ['80077', 'NA', 'Ischia'],
      ['80079', 'NA', 'Procida'],
      ['57037', 'LI', 'Portoferraio'],
      ['58012', 'GR', 'Isola del Giglio'],
      ['91017', 'TP', 'Pantelleria'],
      ['98055', 'ME', 'Lipari'],
      ['07024', 'SS', 'La Maddalena'],
      ['09014', 'SU', 'Carloforte'],
      ['04027', 'LT', 'Ponza'],
    ];
    expect(islands.map(([cap, prov, city]) => [city, at(cap, prov, city).remoteArea])).toEqual(
      islands.map(([, , city]) => [city, 'Isole minori']),
    );
  });

  it('charge per parcel when the list says so', () => {
    // Demo Europa Economy: minor islands 4.00 per parcel.
    const line = priced(listFor(71, 1), shipment({ rcpt_cap: '80073', rcpt_prov: 'NA', rcpt_city: 'Capri', colli: 3 }));
    expect(line.breakdown.remoteArea).toBe(12);
  });

  it('are part of the transport, so the fuel surcharge applies to them', () => {
    const line = at('30124', 'VE', 'Venezia');
    expect(line.breakdown.fuel).toBe(1.37); // 9.5 % of 5.40 + 9.00
    expect(line.total).toBe(15.77);
  });
});

describe('remote areas abroad', () => {
  it('charge Corsica on top of the France price', () => {
    const road = listFor(71, 2);
    const ajaccio = priced(
      road,
      shipment({ rcpt_country_code: 'FR', rcpt_cap: '20000', rcpt_prov: '2A', rcpt_city: 'Ajaccio' }),
    );
    const paris = priced(
      road,
      shipment({ rcpt_country_code: 'FR', rcpt_cap: '75001', rcpt_prov: '75', rcpt_city: 'Paris' }),
    );
    expect([ajaccio.zone, ajaccio.remoteArea, ajaccio.breakdown.remoteArea]).toEqual(['EU1', 'Corsica', 8]);
    expect([paris.zone, paris.remoteArea, paris.breakdown.remoteArea]).toEqual(['EU1', '', 0]);
  });
});
