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
