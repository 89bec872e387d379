import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPriceListFile } from '../../../../src/engine/pricing/priceListFile';

const ACCOUNT = readFileSync(new URL('../../../fixtures/pricelists/account.json', import.meta.url), 'utf8');
const parsedAccount = JSON.parse(ACCOUNT) as { price_lists: Array<Record<string, unknown>> };
const [first, second] = parsedAccount.price_lists;
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** The 1-based line of the first line containing `needle` after `from` (the line a person sees in an editor). */
const lineOf = (text: string, needle: string, from = 0) => text.slice(0, text.indexOf(needle, from)).split('\n').length;

describe('a price-list file', () => {
  it('is one list, a list of lists, or an object with "price_lists" (the service config’s key)', () => {
    for (const text of [ACCOUNT, pretty([first, second]), pretty(first)]) {
      const read = readPriceListFile(text);
      expect(read.ok && read.lists.map((l) => `${l.corriere}/${l.servizio}`)).toEqual(
        text === pretty(first) ? ['70/1'] : ['70/1', '70/2'],
      );
    }
  });

  it('says on which line each wrong value is, in Italian, and keeps none of the file', () => {
    const text = pretty({
      price_lists: [first, { ...second, vat_pct: 'ventidue', extra_parcel: -1, colour: 'blu' }],
    });
    const read = readPriceListFile(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const start = text.indexOf('"corriere": 70,\n      "servizio": 2');
    expect(read.errors).toEqual(
      expect.arrayContaining([
        {
          line: lineOf(text, '"vat_pct"', start),
          path: 'price_lists.1.vat_pct',
          message: 'Input non valido: atteso numero, ricevuto string',
        },
        expect.objectContaining({ line: lineOf(text, '"extra_parcel"', start), path: 'price_lists.1.extra_parcel' }),
        expect.objectContaining({ path: 'price_lists.1', message: 'Chiave non riconosciuta: "colour"' }),
      ]),
    );
    expect(read.errors.map((e) => e.line)).toEqual([...read.errors.map((e) => e.line)].sort((a, b) => a - b));
  });

  it('puts a missing value on the line of the list that lacks it', () => {
    const { currency: _dropped, ...withoutCurrency } = first ?? {};
    const text = pretty([first, withoutCurrency]);
    const read = readPriceListFile(text);
    expect(read.ok ? [] : read.errors).toEqual([
      expect.objectContaining({ path: '1.currency', line: lineOf(text, '{', text.indexOf('},\n  {') + 3) }),
    ]);
  });

  it('names broken JSON by its line, a wrong kind of file, an empty one and a list given twice', () => {
    const broken = ACCOUNT.replace('"currency": "EUR",', '"currency": "EUR"');
    const read = readPriceListFile(broken);
    expect(read.ok ? [] : read.errors[0]).toMatchObject({ line: lineOf(broken, '"vat_pct"'), path: '' });
    expect(read.ok ? '' : read.errors[0]?.message).toContain('JSON non valido');
    expect(readPriceListFile('"ciao"')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(readPriceListFile('')).toMatchObject({ ok: false });
    expect(readPriceListFile('[]')).toMatchObject({ ok: false, errors: [{ message: 'Nessun listino nel file' }] });
    const twice = readPriceListFile(pretty([first, first]));
    expect(twice.ok ? '' : twice.errors[0]?.message).toContain('Listino ripetuto per corriere 70, servizio 1');
  });
});

describe('a price-list file out of bounds', () => {
  const list = first ?? {};

  it('nested 10,000 levels deep is a file error, not a stack overflow, and so is 33 levels', () => {
    const tooDeep = [{ line: 1, path: '', message: 'File troppo annidato: più di 32 livelli di parentesi [ ] o { }' }];
    expect(readPriceListFile('['.repeat(10_000) + ']'.repeat(10_000))).toEqual({
      ok: false,
      errors: tooDeep,
      errorCount: 1,
    });
    const deepValue = `{"description": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    expect(readPriceListFile(deepValue)).toEqual({ ok: false, errors: tooDeep, errorCount: 1 });
    expect(readPriceListFile(`\n\n${'['.repeat(33)}${']'.repeat(33)}`)).toEqual({
      ok: false,
      errors: [{ ...tooDeep[0], line: 3 }],
      errorCount: 1,
    });
    // Brackets inside a text are text.
    const described = pretty({ ...list, description: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' });
    expect(readPriceListFile(described).ok).toBe(true);
  });

  it('says a number too big for JSON (1e400) is too big, not "atteso numero, ricevuto numero"', () => {
    const text = pretty({ ...list, extra_parcel: 1.5 }).replace('"extra_parcel": 1.5', '"extra_parcel": 1e400');
    expect(readPriceListFile(text)).toEqual({
      ok: false,
      errors: [{ line: lineOf(text, '"extra_parcel"'), path: 'extra_parcel', message: 'Numero troppo grande' }],
      errorCount: 1,
    });
    const negative = text.replace('1e400', '-1e400');
    expect(readPriceListFile(negative)).toMatchObject({ ok: false, errors: [{ message: 'Numero troppo grande' }] });
  });

  it('refuses a price over 100,000, a bracket over 100,000 kg, a volumetric factor over 1,000 kg/m³', () => {
    const [bracket] = (list.brackets ?? []) as Array<{ max_kg: number; prices: Record<string, number> }>;
    const [zone = ''] = Object.keys(bracket?.prices ?? {});
    const text = pretty({
      ...list,
      volumetric_kg_per_m3: 5_000,
      brackets: [{ max_kg: 1e6, prices: { ...bracket?.prices, [zone]: 1e9 } }],
      cod_min: 100_000.01,
    });
    const read = readPriceListFile(text);
    expect(read.ok ? [] : read.errors.map(({ path, message }) => ({ path, message }))).toEqual(
      expect.arrayContaining([
        { path: `brackets.0.prices.${zone}`, message: 'Importo troppo grande: al massimo 100.000' },
        { path: 'brackets.0.max_kg', message: 'Peso troppo grande: al massimo 100.000 kg' },
        { path: 'volumetric_kg_per_m3', message: 'Valore troppo grande: al massimo 1000 kg/m³' },
        { path: 'cod_min', message: 'Importo troppo grande: al massimo 100.000' },
      ]),
    );
    expect(read.ok ? 0 : read.errors.length).toBe(4);
    const atTheBound = pretty({
      ...list,
      brackets: [{ max_kg: 100_000, prices: { ...bracket?.prices, [zone]: 100_000 } }],
    });
    expect(readPriceListFile(atTheBound).ok).toBe(true);
  });
});
