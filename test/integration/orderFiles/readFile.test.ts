// Order files as shops really send them, written to disk and read back: the encodings, separators and quoting of
// Excel, Shopify and Italian gestionali, .xlsx sheets made with exceljs, and the files a bench must refuse clearly.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readOrderTable, type OrderTable } from '../../../src/orderFiles/readFile';
import { guessMapping } from '../../../src/shared/domain/orderGuess';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { orderFileRefusal as refusal } from '../../fixtures/orderFiles';
import { lyingZipBombXlsx, manyPartsXlsx, zipBombXlsx } from '../../fixtures/zipBomb';

afterAll(removeTempDirs);

const FIXTURES = join(import.meta.dirname, '../../fixtures/orders');
const dir = tempDir('orders-read-');

/** The bytes go through a real file, as they would from the order folder. */
function read(name: string, content: string | Uint8Array): Promise<OrderTable> {
  const path = join(dir, name);
  writeFileSync(path, content);
  return readOrderTable(readFileSync(path), name);
}
const cellsOf = (table: OrderTable) => table.rows.map((row) => row.cells);
const linesOf = (table: OrderTable) => table.rows.map((row) => row.line);

describe('reading a CSV order file', () => {
  it('reads UTF-8 saved with a BOM without the BOM sticking to the first header', async () => {
    const table = await read('bom.csv', '\uFEFFRiferimento ordine;Città\r\n1001;Forlì\r\n');
    expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ';' });
    expect(table.headers).toEqual(['Riferimento ordine', 'Città']);
    expect(guessMapping(table.headers)).toEqual(['order_ref', 'rcpt_city']);
    expect(cellsOf(table)).toEqual([['1001', 'Forlì']]);
  });

  it('reads Windows-1252 as Excel "CSV" writes it in Italy: accents, the euro sign, Word\'s apostrophe', async () => {
    const latin = (text: string) => [...Buffer.from(text, 'latin1')];
    const bytes = Uint8Array.from([
      ...latin('Citt\xE0;Note\r\nForl\xEC;perch\xE9 '),
      0x80, // €
      ...latin(' 5 all'),
      0x92, // ’
      ...latin('arrivo\r\n'),
    ]);
    const table = await read('cp1252.csv', bytes);
    expect(table.encoding).toBe('windows-1252');
    expect(table.headers).toEqual(['Città', 'Note']);
    expect(cellsOf(table)).toEqual([['Forlì', 'perché € 5 all’arrivo']]);
  });

  it('keeps a UTF-8 file with a few stray bytes UTF-8, naming the rows that have them', async () => {
    const utf8 = (text: string) => [...Buffer.from(text, 'utf8')];
    const bytes = Uint8Array.from([
      ...utf8('Destinatario;Città\r\nNicolò Bianchi;Forlì\r\nJosé Lòpez;Cantù\r\nLuca '),
      0xe8, // a Windows-1252 "è" pasted into the UTF-8 text
      ...utf8(' Rossi;Roma\r\n'),
    ]);
    const table = await read('misto.csv', bytes);
    expect(table).toMatchObject({ encoding: 'utf-8', damagedLines: [4] });
    expect(cellsOf(table)).toEqual([
      ['Nicolò Bianchi', 'Forlì'],
      ['José Lòpez', 'Cantù'],
      ['Luca \uFFFD Rossi', 'Roma'],
    ]);
  });

  it('reads a Windows-1252 file as such though two of its bytes happen to form a UTF-8 letter', async () => {
    const latin = (text: string) => [...Buffer.from(text, 'latin1')];
    // "Ã©" (C3 A9) is "é" in UTF-8; the file's other accents are single Windows-1252 bytes.
    const table = await read('cp1252-2.csv', Uint8Array.from(latin('Nota;Città\r\nÃ©;Forlì\r\nperché;Cantù\r\n')));
    expect(table).toMatchObject({ encoding: 'windows-1252', damagedLines: [] });
    expect(cellsOf(table)).toEqual([
      ['Ã©', 'Forlì'],
      ['perché', 'Cantù'],
    ]);
  });

  it('strips control characters, zero-width and bidi marks from every cell, keeping tabs and line ends', async () => {
    // A few among many rows: a file mostly of control characters is refused as binary.
    const others = Array.from({ length: 20 }, (_, i) => `Cliente ${i};consegna al mattino\r\n`).join('');
    const table = await read(
      'controlli.csv',
      'Destinatario;Note\r\n\x07Mario\u200B Rossi\x1b;"primo\u202Erigo\r\nsecondo\x85\tfine\x7f"\r\n' + others,
    );
    expect(cellsOf(table)[0]).toEqual(['Mario Rossi', 'primorigo\nsecondo\tfine']);
  });

  it('splits on semicolons, not on the decimal commas of a semicolon file', async () => {
    const table = await read('decimali.csv', 'Destinatario;Peso;Contrassegno\nRossi;2,5;10,90\nBianchi;12,75;0\n');
    expect(table.delimiter).toBe(';');
    expect(cellsOf(table)).toEqual([
      ['Rossi', '2,5', '10,90'],
      ['Bianchi', '12,75', '0'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields, and counts the lines they span', async () => {
    const table = await read(
      'virgole.csv',
      'Name,Shipping Street,Notes\n' +
        '#1001,"Via Roma 1, scala B","Citofonare ""Rossi"""\n' +
        '#1002,Via Po 2,"Primo rigo\r\nsecondo rigo"\n' +
        '#1003,Via Tevere 3,\n',
    );
    expect(table.delimiter).toBe(',');
    expect(cellsOf(table)).toEqual([
      ['#1001', 'Via Roma 1, scala B', 'Citofonare "Rossi"'],
      ['#1002', 'Via Po 2', 'Primo rigo\nsecondo rigo'],
      ['#1003', 'Via Tevere 3', ''],
    ]);
    expect(linesOf(table)).toEqual([2, 3, 5]);
  });

  it('honours and skips the "sep=;" line Excel writes, counting it in the line numbers', async () => {
    const table = await read('sep.csv', 'sep=;\r\nOrdine,interno;Peso\r\nA1;1,5\r\n');
    expect(table.delimiter).toBe(';');
    expect(table.headers).toEqual(['Ordine,interno', 'Peso']);
    expect(table.rows).toEqual([{ line: 3, cells: ['A1', '1,5'] }]);
  });

  it('reads old Mac CR-only line ends and tab-separated text', async () => {
    const cr = await read('mac.csv', 'Ordine;CAP\r1;06100\r2;00184\r');
    expect(cellsOf(cr)).toEqual([
      ['1', '06100'],
      ['2', '00184'],
    ]);
    expect(linesOf(cr)).toEqual([2, 3]);
    const tabs = await read('ordini.txt', 'Ordine\tCittà\tPeso\n7\tRoma\t1,5\n');
    expect(tabs.delimiter).toBe('\t');
    expect(cellsOf(tabs)).toEqual([['7', 'Roma', '1,5']]);
  });

  it('skips blank lines and rows of empty cells, trims cells, pads short rows and keeps extra cells', async () => {
    const table = await read(
      'righe.csv',
      '\n  Ordine ; Città ;Peso;;\n 1 ;  Roma ;2;;\n;;;;\n2;Milano\n\n3;Pisa;1;;extra;\n   \n\n\n',
    );
    expect(table.headers).toEqual(['Ordine', 'Città', 'Peso']);
    expect(table.rows).toEqual([
      { line: 3, cells: ['1', 'Roma', '2'] },
      { line: 5, cells: ['2', 'Milano', ''] },
      { line: 7, cells: ['3', 'Pisa', '1', '', 'extra'] },
    ]);
  });

  it('takes a one-cell title line above the header for a title; a one-column file keeps its first line', async () => {
    const titled = await read('titolo.csv', 'Ordini del 14/03/2025;;\n\nOrdine;Città\n1;Roma\n');
    expect(titled.headers).toEqual(['Ordine', 'Città']);
    expect(titled.rows).toEqual([{ line: 4, cells: ['1', 'Roma'] }]);
    const comma = await read('titolo2.csv', 'Ordini del 14/03/2025\r\nOrdine,Città\r\n1,Roma\r\n');
    expect(comma).toMatchObject({
      delimiter: ',',
      headers: ['Ordine', 'Città'],
      rows: [{ line: 3, cells: ['1', 'Roma'] }],
    });
    const single = await read('colonna.csv', 'Ordine\n1001\n1002,5\n');
    expect(single.headers).toEqual(['Ordine']);
    expect(cellsOf(single)).toEqual([['1001'], ['1002,5']]);
  });

  it('takes ="06100", written to keep a postal code\'s zero in Excel, as 06100', async () => {
    const table = await read('zeri.csv', 'Ordine;CAP\n1;="06100"\n2;"=""00184"""\n');
    expect(cellsOf(table)).toEqual([
      ['1', '06100'],
      ['2', '00184'],
    ]);
  });

  it("takes '00184, a spreadsheet's text mark before a number, as 00184; one before words stays", async () => {
    const table = await read('apostrofi.csv', "Ordine;CAP;Telefono;Note\n1;'00184;'+39 06 1234567;'Scala B'\n");
    expect(cellsOf(table)).toEqual([['1', '00184', '+39 06 1234567', "'Scala B'"]]);
  });

  it('refuses a quote opened and never closed, naming its line, rather than losing the rest of the file', async () => {
    const error = await refusal(read('aperte.csv', 'Ordine;Note\n1;ok\n2;"mai chiusa\n3;persa\n'));
    expect(error.problem).toBe('unclosedQuote');
    expect(error.line).toBe(3);
    expect(error.message).toContain('riga 3');
  });

  it('reads a CSV saved with an .xlsx name by its content', async () => {
    const table = await read('rinominato.xlsx', 'Ordine;Peso\n1;2\n');
    expect(table).toMatchObject({ format: 'csv', headers: ['Ordine', 'Peso'] });
  });
});

describe('the sample exports', () => {
  it('reads a Shopify export: one row per line item, the order name repeated on its next rows', async () => {
    const table = await readOrderTable(readFileSync(join(FIXTURES, 'shopifyOrders.csv')), 'orders_export.csv');
    expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ',' });
    const column = (header: string) => table.headers.indexOf(header);
    const names = table.rows.map((row) => row.cells[column('Name')]);
    expect(names).toEqual(['#1001', '#1001', '#1002', '#1003', '#1003']);
    const second = table.rows[1]?.cells ?? [];
    expect([second[column('Lineitem sku')], second[column('Shipping City')]]).toEqual(['MIELE-500', '']);
    const gift = table.rows[2]?.cells ?? [];
    expect(gift[column('Lineitem name')]).toBe('Confezione regalo "Sapori"');
    expect(gift[column('Shipping Street')]).toBe('Corso Vittorio Emanuele II 81, Scala B');
    expect(table.rows[3]?.cells[column('Notes')]).toBe('Pagamento alla consegna\nlasciare al portiere');
    expect(linesOf(table)).toEqual([2, 3, 4, 5, 7]);
  });

  it("reads an Italian gestionale's semicolon export in Windows-1252 with its accents and euro sign", async () => {
    const bytes = readFileSync(join(FIXTURES, 'gestionaleWindows1252.csv'));
    const table = await readOrderTable(bytes, 'ORDINI.CSV');
    expect(table).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(table.headers).toContain('Località');
    expect(table.rows).toHaveLength(3);
    const [first, second] = table.rows;
    expect(first?.cells.slice(2, 7)).toEqual([
      'Caffè Nicolò S.r.l.',
      'Nicolò Bianchi',
      "Via dell'Università 3",
      '06123',
      'Perugia',
    ]);
    expect(second?.cells[15]).toBe('Pagamento contrassegno 89,50 € in contanti');
    expect(second?.cells[17]).toBe('Olio extravergine "Riserva" 5 l');
  });
});

async function xlsxBytes(fill: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('reading an .xlsx order file', () => {
  it('reads the first sheet with data as Excel shows its cells', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('Istruzioni');
      const sheet = workbook.addWorksheet('Ordini');
      // Row 1 is left empty: the header is the first row with text, and row numbers stay the sheet's own.
      sheet.getRow(2).values = ['Ordine', 'CAP', 'Peso', 'Data', 'Destinatario', 'Totale', 'Sito', 'Pagato', 'Errore'];
      sheet.getRow(3).values = [
        1001,
        6100,
        0.1 + 0.2,
        new Date(Date.UTC(2025, 2, 14)),
        { richText: [{ text: 'Caffè ', font: { bold: true } }, { text: 'Nicolò' }] },
        { formula: 'C3*2', result: 0.6000000000000001 },
        { text: 'negozio', hyperlink: 'https://negozio.example.it' },
        true,
        { error: '#N/A' },
      ];
      sheet.getRow(4).values = [1002, '00184', 2.5, null, 'Rossi'];
      sheet.getRow(5).values = ['1003', 1e21, 1e-7, null, '  Bianchi  ', { formula: 'A1', result: undefined }];
    });
    const table = await read('ordini.xlsx', bytes);
    expect(table.format).toBe('xlsx');
    expect(table.headers).toEqual([
      'Ordine',
      'CAP',
      'Peso',
      'Data',
      'Destinatario',
      'Totale',
      'Sito',
      'Pagato',
      'Errore',
    ]);
    expect(table.rows).toEqual([
      { line: 3, cells: ['1001', '6100', '0.3', '2025-03-14', 'Caffè Nicolò', '0.6', 'negozio', 'VERO', ''] },
      { line: 4, cells: ['1002', '00184', '2.5', '', 'Rossi', '', '', '', ''] },
      { line: 5, cells: ['1003', '1000000000000000000000', '0.0000001', '', 'Bianchi', '', '', '', ''] },
    ]);
  });

  it("takes a cell of text '00184 (a CSV with the apostrophe saved as a workbook) as the CAP 00184", async () => {
    const bytes = await xlsxBytes((workbook) => {
      const sheet = workbook.addWorksheet('Ordini');
      sheet.addRow(['Ordine', 'CAP']);
      sheet.addRow(['A-1', "'00184"]);
    });
    expect(cellsOf(await read('apostrofo.xlsx', bytes))).toEqual([['A-1', '00184']]);
  });

  it('skips a hidden sheet of lookups and a merged title row above the header', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('Tabelle', { state: 'hidden' }).addRows([
        ['Codice', 'Corriere'],
        ['B', 'BRT'],
      ]);
      const sheet = workbook.addWorksheet('Ordini');
      sheet.addRows([['Ordini del 14 marzo'], ['Ordine', 'Destinatario', 'CAP'], ['A-1', 'Rossi', '00184']]);
      sheet.mergeCells('A1:C1');
    });
    const table = await read('titolo.xlsx', bytes);
    expect(table.headers).toEqual(['Ordine', 'Destinatario', 'CAP']);
    expect(table.rows).toEqual([{ line: 3, cells: ['A-1', 'Rossi', '00184'] }]);
  });

  it('reads an .xlsx saved with a .csv name by its content', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('Foglio1').addRows([['Ordine'], ['A-1']]);
    });
    const table = await read('export.csv', bytes);
    expect(table).toMatchObject({ format: 'xlsx', headers: ['Ordine'], rows: [{ line: 2, cells: ['A-1'] }] });
  });

  it('refuses a workbook cut short (a copy interrupted) as damaged', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('Foglio1').addRows([['Ordine'], ['A-1']]);
    });
    const error = await refusal(read('troncato.xlsx', bytes.subarray(0, Math.floor(bytes.length / 2))));
    expect(error.problem).toBe('damaged');
  });

  it('refuses a workbook whose sheets are all empty', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('Foglio1');
    });
    expect((await refusal(read('vuoto.xlsx', bytes))).problem).toBe('empty');
  });
});

describe('files that are not order files', () => {
  it('asks for .xlsx or CSV when given an old Excel 97-2003 .xls', async () => {
    const biff = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);
    const error = await refusal(read('ordini.xls', biff));
    expect(error.problem).toBe('oldExcel');
    expect(error.message).toMatch(/\.xls\b.*salvarlo come .*\.xlsx.*CSV/);
  });

  it('refuses random bytes with the Italian message', async () => {
    let seed = 15;
    const noise = Uint8Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    const error = await refusal(read('ordini.csv', noise));
    expect(error.problem).toBe('unreadable');
    expect(error.message).toBe('File non leggibile: non è un CSV né un file Excel (.xlsx)');
  });

  it('names the format of an .ods, an HTML "Excel" export, UTF-16 text and a PDF', async () => {
    const ods = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(26).fill(0)]),
      Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet'),
    ]);
    const cases: [string, Uint8Array, RegExp][] = [
      ['ordini.ods', ods, /LibreOffice/],
      ['ordini.xls', Buffer.from('<html><body><table><tr><td>Ordine</td></tr></table>'), /HTML/],
      ['ordini.txt', Buffer.from('\uFEFFOrdine\t1\r\n', 'utf16le'), /UTF-16/],
      ['ordini.csv', Buffer.from('%PDF-1.7\n'), /PDF/],
    ];
    for (const [name, bytes, message] of cases) {
      const error = await refusal(read(name, bytes));
      expect(error.problem, name).toBe('otherFormat');
      expect(error.message, name).toMatch(message);
    }
  });

  it('says an empty file has no orders', async () => {
    expect((await refusal(read('vuoto.csv', ''))).message).toMatch(/non contiene righe/);
    expect((await refusal(read('bianco.csv', '\r\n;;;\r\n  \r\n'))).problem).toBe('empty');
  });
});

describe('a large order file', () => {
  it('reads 10,000 rows in well under a second', async () => {
    const lines = ['Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Prov.;Peso;Note'];
    for (let i = 1; i <= 10_000; i++) {
      lines.push(`ORD-${i};Cliente ${i} S.r.l.;"Via Roma ${i}, int. 2";0${6100 + (i % 50)};Perugia;PG;${i % 30},5;`);
    }
    const path = join(dir, 'grande.csv');
    writeFileSync(path, lines.join('\r\n'));
    const bytes = readFileSync(path);
    const started = performance.now();
    const table = await readOrderTable(bytes, 'grande.csv');
    const elapsed = performance.now() - started;
    expect(table.rows).toHaveLength(10_000);
    expect(table.rows[9_999]).toEqual({
      line: 10_001,
      cells: ['ORD-10000', 'Cliente 10000 S.r.l.', 'Via Roma 10000, int. 2', '06100', 'Perugia', 'PG', '10,5', ''],
    });
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe('a hostile .xlsx (issue 27)', () => {
  it('refuses a 1.2 MB zip bomb from its directory, naming the size, without inflating it', async () => {
    const bomb = zipBombXlsx(1_200);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const error = await refusal(read('bomba.xlsx', bomb));
    // A bound, not a timing: exceljs alone took 2.7 GB on this file.
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    expect(error.problem).toBe('tooLarge');
    expect(error.message).toBe(
      'File Excel (.xlsx) la cui parte "xl/worksheets/sheet1.xml" una volta aperta occuperebbe 1200 MB, oltre il ' +
        'limite di 100 MB: file troppo grande o danneggiato; dividerlo in file più piccoli o salvarlo di nuovo ' +
        'come CSV',
    );
  });

  it('refuses a part that inflates over a hundred times, though small enough', async () => {
    const error = await refusal(read('compresso.xlsx', zipBombXlsx(20)));
    expect(error.problem).toBe('tooLarge');
    expect(error.message).toMatch(/"xl\/worksheets\/sheet1\.xml" si espande \d+ volte \(al massimo 100\)/);
  });

  it('stops inflating where the directory said a part ends, and calls a directory that lies damaged', async () => {
    const error = await refusal(read('bugiardo.xlsx', lyingZipBombXlsx(1_200, 2_000)));
    expect(error.problem).toBe('damaged');
  });

  it('refuses a workbook of more parts than any order sheet has', async () => {
    const error = await refusal(read('parti.xlsx', manyPartsXlsx(10_001)));
    expect(error.problem).toBe('tooLarge');
    expect(error.message).toMatch(/^File Excel \(\.xlsx\) di 10\.006 parti interne, oltre il limite di 10\.000/);
  });

  it('reads the cells of a sheet with a picture, never inflating the picture', async () => {
    // Not a real PNG: exceljs stores a picture's bytes as they are, and nothing here may look at them.
    const picture = Buffer.alloc(64 * 1024, 7).toString('base64');
    const bytes = await xlsxBytes((workbook) => {
      const sheet = workbook.addWorksheet('Ordini');
      sheet.addRow(['Ordine', 'CAP']);
      sheet.addRow(['A-1', '06100']);
      const image = workbook.addImage({ base64: picture, extension: 'png' });
      sheet.addImage(image, { tl: { col: 3, row: 1 }, ext: { width: 40, height: 40 } });
    });
    expect(Buffer.from(bytes).includes('xl/media/')).toBe(true);
    const table = await read('logo.xlsx', bytes);
    expect(table).toMatchObject({ headers: ['Ordine', 'CAP'], rows: [{ line: 2, cells: ['A-1', '06100'] }] });
  });
});

describe('limits of an order file (issue 27)', () => {
  it('refuses a file over the size limit before reading it, naming its size and the limit', async () => {
    const error = await refusal(
      readOrderTable(Buffer.alloc(3.5 * 1024 * 1024, 'a'), 'grande.csv', { maxBytes: 3 * 1024 * 1024 }),
    );
    expect(error.problem).toBe('tooLarge');
    expect(error.message).toBe(
      "File di 3,5 MB, oltre il limite di 3 MB per un file d'ordini: dividerlo in file più piccoli o salvarlo di " +
        'nuovo come CSV',
    );
  });

  it('refuses a file of more rows than a preview keeps, saying how many', async () => {
    const lines = ['Ordine;CAP', ...Array.from({ length: 1_001 }, (_, i) => `A-${i};06100`)];
    const error = await refusal(readOrderTable(Buffer.from(lines.join('\n')), 'righe.csv', { maxRows: 1_000 }));
    expect(error.message).toMatch(/^Il file ha 1001 righe, oltre il limite di 1000 per un file d'ordini/);
  });
});
