// Italian postal code ↔ city ↔ province: the check that turns a mixed-up address into status 0.6 before a courier
// would refuse it, without refusing the spellings and hamlets real addresses use.
import { describe, expect, it } from 'vitest';
import { normaliseCity } from '../../../../src/engine/couriers/municipalities';
import { places } from '../../../helpers/resources';

describe('Italian address check', () => {
  it('accepts a postal code, city and province that agree', () => {
    expect(places.check('20121', 'Milano', 'MI')).toEqual({ ok: true });
    expect(places.check('20121', 'MILANO', 'mi')).toEqual({ ok: true });
  });

  it('accepts Forlì written with the accent, without it, or with an apostrophe', () => {
    expect(places.check('47121', 'Forlì', 'FC')).toEqual({ ok: true });
    expect(places.check('47121', 'Forli', 'FC')).toEqual({ ok: true });
    expect(places.check('47121', "FORLI'", 'FC')).toEqual({ ok: true });
  });

  it('refuses a city that is a municipality elsewhere, naming the city of the postal code', () => {
    const check = places.check('20121', 'Roma', 'MI');
    expect(check).toMatchObject({
      ok: false,
      reason: 'CAP 20121 non coerente con la località Roma (località del CAP: Milano)',
    });
  });

  it('refuses a postal code of another province, naming the province it belongs to', () => {
    expect(places.check('20121', 'Milano', 'RM')).toMatchObject({
      ok: false,
      reason: 'CAP 20121 non coerente con la provincia RM (provincia del CAP: MI)',
    });
  });

  it('refuses a postal code that does not exist', () => {
    expect(places.check('99999', 'Milano', 'MI')).toMatchObject({ ok: false, reason: 'CAP 99999 inesistente' });
  });

  it('refuses a postal code that is not five digits', () => {
    expect(places.check('2012', 'Milano', 'MI')).toMatchObject({
      ok: false,
      reason: "CAP 2012 non valido: per l'Italia servono 5 cifre",
    });
    expect(places.check('2012A', 'Milano', 'MI')).toMatchObject({
      ok: false,
      reason: "CAP 2012A non valido: per l'Italia servono 5 cifre",
    });
  });

  it(
    'accepts a hamlet that is no municipality when postal ' +
      'code and province agree (Marina di Pietrasanta 55045 LU)',
    () => {
      expect(places.check('55045', 'Marina di Pietrasanta', 'LU')).toEqual({ ok: true });
    },
  );

  it('accepts a hamlet with a postal code of its own (Marina di Pietrasanta 55044 LU)', () => {
    expect(places.check('55044', 'Marina di Pietrasanta', 'LU')).toEqual({ ok: true });
  });

  it('accepts the generic postal code of a big city (20100 Milano)', () => {
    expect(places.check('20100', 'Milano', 'MI')).toEqual({ ok: true });
  });

  it('accepts the German name of a bilingual municipality (Bozen 39100 BZ)', () => {
    expect(places.check('39100', 'Bozen', 'BZ')).toEqual({ ok: true });
    expect(places.check('39100', 'Bolzano', 'BZ')).toEqual({ ok: true });
  });

  it('gives a town asked again the same answer, after thousands of others, and no caller can change it', () => {
    const first = places.check('20121', 'Roma', 'MI');
    // More distinct places than the check keeps answers for: the kept ones are let go, the answers stay the same.
    for (let i = 0; i < 5_000; i += 1) places.check(String(10_000 + i), 'Milano', 'MI');
    const again = places.check('20121', 'Roma', 'MI');
    expect(again).toEqual(first);
    expect(places.check('20121', 'Roma', 'MI')).toEqual(again);
    expect(() => Object.assign(again, { ok: true })).toThrow(TypeError);
    if (!again.ok) expect(() => Object.assign(again.params, { cap: '00000' })).toThrow(TypeError);
    expect(places.check('20121', 'Roma', 'MI')).toMatchObject({ ok: false, params: { cap: '20121' } });
  });
});

describe('city name normalisation', () => {
  it('ignores case, accents, apostrophes, spaces and punctuation', () => {
    expect(normaliseCity('Forlì')).toBe('forli');
    expect(normaliseCity("FORLI'")).toBe('forli');
    expect(normaliseCity("Reggio nell'Emilia")).toBe('reggionellemilia');
    expect(normaliseCity('Sant’Agata de’ Goti')).toBe('santagatadegoti');
  });
});
