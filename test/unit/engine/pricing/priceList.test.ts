// Price lists as data: what a mistyped list is told, the lists shipped for every demo courier service, how a
// configured list replaces a built-in one, and that the cheapest choice really moves with weight, place and extras.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../../src/shared/domain/countries';
import { createCourierRegistry } from '../../../../src/engine/couriers/registry';
import { mergePriceLists, PriceListSchema, type PriceList } from '../../../../src/engine/pricing/priceList';
import { isRefusal, priceOn } from '../../../../src/engine/pricing/quote';
import { listFor, lists, plainList, shipment } from './support';
import { resources } from '../../../helpers/resources';

const DIR = fileURLToPath(new URL('../../../../resources/pricelists/', import.meta.url));

/** Every service of the six demo couriers and the file its list lives in (`<courier code>-<service name>.json`). */
const EXPECTED_FILES: Record<string, string> = {
  '70/1': 'demo-express-standard.json',
  '70/2': 'demo-express-express-24h.json',
  '70/3': 'demo-express-priority-1030.json',
  '70/4': 'demo-express-reso.json',
  '71/1': 'demo-europa-economy-italia.json',
  '71/2': 'demo-europa-europa-road.json',
  '71/3': 'demo-europa-worldwide-express.json',
  '72/1': 'demo-poste-pacco-ordinario.json',
  '72/2': 'demo-poste-pacco-celere-1.json',
  '72/3': 'demo-poste-fermoposta.json',
  '73/1': 'demo-point-standard.json',
  '73/2': 'demo-point-access-point.json',
  '73/3': 'demo-point-express-saver.json',
  '74/1': 'demo-cargo-business-parcel.json',
  '74/2': 'demo-cargo-euro-business.json',
  '75/1': 'demo-rapido-extra-large.json',
  '75/2': 'demo-rapido-same-day.json',
};

function problemsOf(raw: Record<string, unknown>): string {
  const result = PriceListSchema.safeParse({ ...plainList(), ...raw });
  return result.success ? '' : z.prettifyError(result.error);
}

describe('a price list with a mistake', () => {
  it('is refused with the path and a reason for each problem', () => {
    const problems = problemsOf({
      zones: [
        {
          code: 'IT',
          name: 'Italia',
          countries: ['IT', 'XX'],
          cap_ranges: [
            { from: '3012', to: '30126' },
            { from: '30199', to: '30100' },
          ],
        },
      ],
      surcharge_zones: [{ code: 'ISOLE', name: 'Isole', countries: ['IT'], amount: 3, per: 'pallet' }],
      accessori: { 3: 1 },
    });
    expect(problems).toContain('XX is not an ISO 3166 country code');
    expect(problems).toContain('from and to must have the same number of digits');
    expect(problems).toContain('from must not be greater than to');
    expect(problems).toContain('per: "shipment" or "parcel"');
    expect(problems).toContain('accessori keys are single bits');
    expect(problems).toContain('zones[0].cap_ranges[1]');
  });

  it('is refused when a key is misspelt, rather than silently pricing nothing', () => {
    expect(problemsOf({ surcharge_zone: [] })).toContain('surcharge_zone');
    expect(problemsOf({ flags: { al_sabbato: 5 } })).toContain('al_sabbato');
  });

  it(
    'is refused when a bracket prices a zone it does not ' + 'have, a zone has no price at all, or brackets go down',
    () => {
      expect(problemsOf({ brackets: [{ max_kg: 10, prices: { IT: 5, ISOLE: 9 } }] })).toContain('unknown zone ISOLE');
      expect(
        problemsOf({
          zones: [
            { code: 'IT', name: 'Italia', countries: ['IT'] },
            { code: 'SM', name: 'San Marino', countries: ['SM'] },
          ],
        }),
      ).toContain('zone SM has no price in any bracket');
      expect(
        problemsOf({
          brackets: [
            { max_kg: 10, prices: { IT: 5 } },
            { max_kg: 5, prices: { IT: 4 } },
          ],
        }),
      ).toContain('increasing max_kg order');
    },
  );

  it('still loads when written before surcharge zones, fixed fees, options and accessori existed', () => {
    const older = { ...plainList() } as Record<string, unknown>;
    for (const key of ['surcharge_zones', 'per_shipment', 'options', 'accessori', 'flags', 'insurance_min'])
      delete older[key];
    const parsed = PriceListSchema.parse(older);
    expect([parsed.surcharge_zones, parsed.per_shipment, parsed.options, parsed.accessori, parsed.flags]).toEqual([
      [],
      0,
      {},
      {},
      {},
    ]);
  });
});

describe('the built-in price lists', () => {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const parsedFiles = files.map((file) => ({
    file,
    result: PriceListSchema.safeParse(JSON.parse(readFileSync(join(DIR, file), 'utf8'))),
  }));

  it('are one valid file for every service of the six demo couriers, named after courier and service', () => {
    expect(parsedFiles.filter((p) => !p.result.success).map((p) => p.file)).toEqual([]);
    const named = Object.fromEntries(
      parsedFiles.flatMap(({ file, result }) =>
        result.success ? [[`${result.data.corriere}/${result.data.servizio}`, file]] : [],
      ),
    );
    expect(named).toEqual(EXPECTED_FILES);
    expect(lists.map((l) => `${l.corriere}/${l.servizio}`).sort()).toEqual(Object.keys(EXPECTED_FILES).sort());
  });

  it('price every zone in every weight bracket, in euro', () => {
    const gaps = lists.flatMap((list) =>
      list.brackets.flatMap((bracket) =>
        list.zones
          .filter((zone) => bracket.prices[zone.code] === undefined)
          .map((zone) => `${list.corriere}/${list.servizio} ${zone.code} ≤${bracket.max_kg} kg`),
      ),
    );
    expect(gaps).toEqual([]);
    expect(new Set(lists.map((l) => l.currency))).toEqual(new Set(['EUR']));
  });

  it('cost more, never less, as the weight goes up', () => {
    const drops = lists.flatMap((list) =>
      list.zones.flatMap((zone) =>
        list.brackets
          .slice(1)
          .flatMap((bracket, i) =>
            (bracket.prices[zone.code] ?? 0) < (list.brackets[i]?.prices[zone.code] ?? 0)
              ? [`${list.corriere}/${list.servizio} ${zone.code} ${bracket.max_kg} kg`]
              : [],
          ),
      ),
    );
    expect(drops).toEqual([]);
  });

  it('cover the whole world but Italy exactly once on the worldwide express services', () => {
    for (const list of [listFor(71, 3), listFor(73, 3)]) {
      const listed = list.zones.flatMap((zone) => zone.countries);
      expect(listed.length).toBe(new Set(listed).size);
      expect(new Set(listed)).toEqual(new Set([...COUNTRY_CODES].filter((c) => c !== 'IT')));
    }
  });

  it('price each service of the registered couriers up to its heaviest allowed shipment', () => {
    const short = createCourierRegistry(resources)
      .all()
      .flatMap((courier) =>
        courier.services.flatMap((service) => {
          const list = lists.find((l) => l.corriere === courier.id && l.servizio === service.id);
          const top = list?.brackets.at(-1)?.max_kg ?? 0;
          return top >= service.maxWeightKg
            ? []
            : [`${courier.id}/${service.id}: ${top} kg < ${service.maxWeightKg} kg`];
        }),
      );
    expect(short).toEqual([]);
  });
});

describe('configured price lists', () => {
  it('replace the built-in one of the same courier and service, and add the others', () => {
    const standard = listFor(70, 1);
    const cheaper: PriceList = { ...standard, min_charge: 1, extra_parcel: 0 };
    const extra: PriceList = { ...standard, corriere: 99, servizio: 1 };
    const merged = mergePriceLists(lists, [cheaper, extra]);

    expect(merged).toHaveLength(lists.length + 1);
    expect(merged.filter((l) => l.corriere === 70 && l.servizio === 1)).toEqual([cheaper]);
    expect(merged).toContain(extra);
    expect(merged).toContain(listFor(71, 2));
    expect(lists.filter((l) => l.corriere === 70 && l.servizio === 1)).toEqual([standard]);
  });
});

/** The cheapest of some built-in lists by price alone (courier checks aside), as "courier/service". */
function cheapestOf(services: readonly string[], changes: Record<string, unknown>): string {
  const input = shipment(changes);
  const totals = services.flatMap((key) => {
    const [corriere, servizio] = key.split('/').map(Number);
    const result = priceOn(listFor(corriere ?? 0, servizio ?? 0), input);
    return isRefusal(result) ? [] : [{ key, total: result.total }];
  });
  return totals.sort((a, b) => a.total - b.total)[0]?.key ?? 'none';
}

describe('the cheapest home delivery', () => {
  const ITALY = ['70/1', '71/1', '72/1', '73/1', '74/1'];
  const EUROPE = ['71/2', '73/1', '74/2', '71/3', '73/3'];

  it('changes with the weight', () => {
    expect([2, 3, 10, 40, 150].map((peso) => cheapestOf(ITALY, { peso }))).toEqual([
      '72/1',
      '70/1',
      '71/1',
      '74/1',
      '74/1',
    ]);
    expect(
      [2, 20, 40].map((peso) =>
        cheapestOf(EUROPE, { peso, rcpt_country_code: 'DE', rcpt_cap: '10115', rcpt_prov: 'BE' }),
      ),
    ).toEqual(['71/2', '73/1', '74/2']);
  });

  it('changes with the destination', () => {
    const at = (rcpt_country_code: string, rcpt_cap: string) =>
      cheapestOf(EUROPE, { peso: 2, rcpt_country_code, rcpt_cap, rcpt_prov: 'XX' });
    expect([at('DE', '10115'), at('SE', '11120'), at('US', '10001'), at('JP', '1000001')]).toEqual([
      '71/2',
      '73/1',
      '73/3',
      '71/3',
    ]);
    expect(cheapestOf(ITALY, { peso: 10, rcpt_prov: 'PA', rcpt_cap: '90121' })).toBe('72/1');
  });

  it('changes with what the shipment asks for', () => {
    expect(cheapestOf(ITALY, { peso: 5 })).toBe('72/1');
    expect(cheapestOf(ITALY, { peso: 5, carrier1_accessori: 1 })).toBe('71/1');
    expect(cheapestOf(ITALY, { peso: 5, colli: 2 })).toBe('71/1');
  });
});
