// The product list at a real station (issue 30), through the command table the screens use, over a real SQLite file:
// a shop's spreadsheet imported keeps its good lines and names the wrong one by line and column; the list is
// searched, a product saved (refused field by field when wrong), looked up by an order's SKUs however they are
// typed, deleted, exported as the spreadsheet it came from, and kept when the station opens again.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { importProductFile } from '../../../../src/station/orders/productFile';
import { rendererApiOver } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const FILE = [
  'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
  'TAZZA-01;Porcelain mug;6911.10;IT;0,35;12,50;EUR',
  'BORSA-02;Leather handbag;420221;IT;0,8;;',
  'SCIARPA-03;Silk scarf;62141;CN;0,1;30;EUR',
].join('\n');

describe('the product list at the bench', () => {
  it('imports, searches, saves, looks up, deletes and exports, and keeps it across a restart', async () => {
    const dataDir = tempDir();
    station = await createStation({ dataDir });
    const api = rendererApiOver(station);

    const imported = await api.call('products.import', { text: FILE });
    expect(imported.ok && imported.value).toMatchObject({ added: 2, updated: 0, unchanged: 0 });
    expect(imported.ok && imported.value.errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [4, 'Codice HS', 'hsCode'],
    ]);

    const found = await api.call('products.list', { search: 'leather' });
    expect(found.ok && found.value).toEqual({
      total: 1,
      rows: [
        {
          sku: 'BORSA-02',
          description: 'Leather handbag',
          hs_code: '420221',
          origin: 'IT',
          unit_weight: 0.8,
          unit_value: 0,
          currency: '',
        },
      ],
    });

    const wrong = await api.call('products.save', {
      product: {
        sku: 'SCIARPA-03',
        description: '',
        hs_code: '62141',
        origin: 'XX',
        unit_weight: 0.1,
        unit_value: 30,
        currency: 'EUR',
      },
    });
    expect(!wrong.ok && wrong.error.code).toBe('invalid');
    expect(!wrong.ok && Object.entries(wrong.error.fields ?? {}).map(([f, i]) => [f, i.code])).toEqual([
      ['description', 'required'],
      ['hs_code', 'hsCode'],
      ['origin', 'country'],
    ]);
    const fixed = await api.call('products.save', {
      product: {
        sku: ' sciarpa-03 ',
        description: 'Silk scarf',
        hs_code: '6214 10',
        origin: 'cn',
        unit_weight: 0.1,
        unit_value: 30,
        currency: 'eur',
      },
    });
    expect(fixed.ok && fixed.value.product).toMatchObject({ sku: 'sciarpa-03', hs_code: '621410', origin: 'CN' });

    const lookup = await api.call('products.lookup', { skus: ['SCIARPA-03', 'tazza-01 ', 'NON-ESISTE'] });
    expect(lookup.ok && lookup.value.products.map((p) => [p.sku, p.hs_code])).toEqual([
      ['sciarpa-03', '621410'],
      ['TAZZA-01', '691110'],
    ]);

    expect((await api.call('products.delete', { sku: 'borsa-02' })).ok).toBe(true);
    const gone = await api.call('products.delete', { sku: 'borsa-02' });
    expect(!gone.ok && gone.error.code).toBe('not_found');

    const again = await api.call('products.import', { text: FILE.replace('0,35', '0,4') });
    expect(again.ok && again.value).toMatchObject({ added: 1, updated: 1, unchanged: 0 });

    await station.close();
    station = await createStation({ dataDir });
    const reopened = rendererApiOver(station);
    const exported = await reopened.call('products.export', {});
    expect(exported.ok && exported.value.count).toBe(3);
    expect(exported.ok && exported.value.text.split('\r\n')).toEqual([
      '\uFEFFSKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
      'BORSA-02;Leather handbag;420221;IT;0,8;;',
      'sciarpa-03;Silk scarf;621410;CN;0,1;30;EUR',
      'TAZZA-01;Porcelain mug;691110;IT;0,4;12,5;EUR',
      '',
    ]);
  });

  it('refuses a product file over the size or the lines a product list may have, says so, keeps all', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    await api.call('products.import', { text: FILE });
    const before = await api.call('products.export', {});

    // 10.5 MB of good lines, one of them changing a product already kept.
    const line = '\nTAZZA-01;Porcelain mug;691110;IT;9;1;EUR';
    const big = FILE + line.repeat(Math.ceil((10.5 * 1024 * 1024) / line.length));
    const refused = await api.call('products.import', { text: big, fileName: 'prodotti.csv' });
    expect(!refused.ok && refused.error.code).toBe('invalid');
    expect(!refused.ok && refused.error.message).toMatch(
      /^File di 11 MB, oltre il limite di 10 MB per un elenco prodotti: dividerlo in file più piccoli/,
    );

    const tooMany = await importProductFile(
      station.engine,
      station.caller,
      new TextEncoder().encode(big.slice(0, 600)),
      'p.csv',
      {
        maxRows: 5,
      },
    );
    expect(!tooMany.ok && tooMany.message).toMatch(
      /^Il file ha \d+ righe, oltre il limite di 5 per un elenco prodotti/,
    );

    expect(await api.call('products.export', {})).toEqual(before);
  });
});
