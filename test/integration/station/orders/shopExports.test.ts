// Real-shaped shop exports at a real station (issue 25), through the command table the screens use: a WooCommerce
// "Order Export" and a Shopify orders export keep full names, companies, billing phones and addresses, and the cash
// to collect on delivery; a payment the import cannot read, an order of 20,000 lines and a UTF-8 file with a few bad
// bytes are each named in the preview for the operator to fix, never kept as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { ImportPreview, ImportResult } from '../../../../src/shared/ipc/orderCommands';
import { ORDER_CSV_HEADER } from '../../../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { commandValue } from '../../../helpers/stationCommands';
import { layoutSettingKey } from '../../../../src/station/orders/fromFiles';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const FIXTURES = join(import.meta.dirname, '../../../fixtures/orders');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

async function bench() {
  station = await createStation({ dataDir: tempDir() });
  const { dispatch } = createDispatcher(station);
  const preview = async (fileName: string, bytes: Uint8Array) =>
    commandValue<ImportPreview>(
      await dispatch('orders.preview', { fileName, base64: Buffer.from(bytes).toString('base64') }),
    );
  const fix = async (importId: string, line: number, field: string, value: string) =>
    commandValue<ImportPreview>(await dispatch('orders.fix', { importId, line, field, value }));
  const keep = async (importId: string) => commandValue<ImportResult>(await dispatch('orders.import', { importId }));
  const order = (reference: string) => station!.engine.orders.find(station!.caller, reference);
  return { station, dispatch, preview, fix, keep, order };
}

const codOf = (preview: ImportPreview) => Object.fromEntries(preview.cod.map((row) => [row.orderRef, row.amount]));

describe("a WooCommerce 'Order Export' file", () => {
  it('keeps full names, companies and their contact, billing phones and addresses, and the COD amounts', async () => {
    const { preview, fix, keep, order } = await bench();
    let seen = await preview('woocommerce.csv', fixture('woocommerceOrders.csv'));
    expect(seen).toMatchObject({ encoding: 'utf-8', orders: 11, valid: 10, problemCount: 1, codCount: 4 });
    expect(codOf(seen)).toEqual({ '2501': '54.9', '2505': '89.5', '2507': '33', '2510': '210.4' });
    // The one order with no phone at all: the grid has its phone cell, and a phone typed there fixes it.
    const [noPhone] = seen.problems;
    expect(noPhone).toMatchObject({ orderRef: '2508', cells: { rcpt_phone: '' } });
    expect(Object.keys(noPhone!.errors)).toEqual(['rcpt_phone']);
    seen = await fix(seen.importId, noPhone!.line, 'rcpt_phone', '+39 0461 123 456');
    expect(seen).toMatchObject({ valid: 11, problemCount: 0 });
    expect(await keep(seen.importId)).toEqual({ added: 11, updated: 0, duplicates: 0, invalid: 0, notes: [] });

    expect(order('2501')?.values).toMatchObject({
      rcpt_name: 'Giovanni Moretti',
      rcpt_contact: 'Giovanni Moretti',
      rcpt_addr: 'Via Roma 12, interno 4',
      rcpt_phone: '+39 333 765 4321',
      rcpt_email: 'giovanni.moretti@example.it',
      contrassegno: '54.9',
    });
    // A business address: the company is the label's name, the person its "c.a.".
    expect(order('2502')?.values).toMatchObject({ rcpt_name: 'Studio Legale Ricci', rcpt_contact: 'Paola Ricci' });
    expect(order('2502')?.values.contrassegno).toBeUndefined();
    // No shipping address: the billing one, whole.
    expect(order('2504')?.values).toMatchObject({
      rcpt_name: 'Laura Colombo',
      rcpt_addr: 'Via Vittorio Emanuele II 55',
      rcpt_cap: '22100',
      rcpt_city: 'Como',
      rcpt_prov: 'CO',
    });
    expect(order('2505')?.values).toMatchObject({ rcpt_name: 'Pasticceria Bruno S.a.s.', contrassegno: '89.5' });
    // One row per item: every item a line, with its unit weight and price; an item refunded to 0 is not packed.
    expect(order('2501')?.lines).toEqual([
      { sku: 'CAF-250', description: 'Caffè macinato 250 g', qty: 4, weightKg: 0.26, unitValue: 6.5 },
      { sku: 'TAZ-01', description: 'Tazza smaltata', qty: 1, weightKg: 0.34, unitValue: 19 },
    ]);
    expect(order('2507')?.lines.map((line) => line.sku)).toEqual(['TIS-20', 'OLIO-075']);
  });
});

describe('a layout remembered before fallbacks and payment columns were read', () => {
  it('is brought up to date: last name, billing phone and COD amount join what the operator chose', async () => {
    const { station, preview } = await bench();
    const bytes = fixture('woocommerceOrders.csv');
    const headers = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    // As main remembered a WooCommerce layout: the first name alone, no phone, no payment, the operator's own note.
    const old = headers.map(
      (header) =>
        ({
          'Order Number': 'order_ref',
          'First Name (Shipping)': 'rcpt_name',
          'Address 1&2 (Shipping)': 'rcpt_addr',
          'Postcode (Shipping)': 'rcpt_cap',
          'City (Shipping)': 'rcpt_city',
          'State Code (Shipping)': 'rcpt_prov',
          'Country Code (Shipping)': 'rcpt_country_code',
          'Email (Billing)': 'rcpt_email',
          'Order Status': 'note',
        })[header] ?? '',
    );
    station.engine.settings.set(layoutSettingKey(headers), JSON.stringify(old));
    const seen = await preview('woocommerce.csv', bytes);
    expect(seen).toMatchObject({ remembered: true, valid: 10, codCount: 4 });
    expect(seen.sample.find((row) => row.orderRef === '2501')?.cells).toMatchObject({
      rcpt_name: 'Giovanni Moretti',
      rcpt_phone: '+39 333 765 4321',
      note: 'processing',
    });
  });
});

describe('a Shopify orders export', () => {
  it('collects the outstanding balance of a COD order, and keeps companies and billing-only orders', async () => {
    const { preview, fix, keep, order } = await bench();
    let seen = await preview('shopify.csv', fixture('shopifyCod.csv'));
    expect(seen).toMatchObject({ orders: 12, valid: 11, problemCount: 1, codCount: 4 });
    // #1004 paid 10 € with a gift card: the driver collects what is left, not the total.
    expect(codOf(seen)).toEqual({ '#1003': '64.5', '#1004': '28.9', '#1008': '45', '#1010': '112.3' });
    const [wrongCap] = seen.problems;
    expect(wrongCap?.orderRef).toBe('#1012');
    expect(wrongCap?.errors.rcpt_cap).toMatchObject({ code: 'capProvince', value: 'BO' });
    seen = await fix(seen.importId, wrongCap!.line, 'rcpt_cap', '16121');
    expect(await keep(seen.importId)).toEqual({ added: 12, updated: 0, duplicates: 0, invalid: 0, notes: [] });

    expect(order('#1003')?.values.contrassegno).toBe('64.5');
    expect(order('#1001')?.values.contrassegno).toBeUndefined();
    expect(order('#1002')?.values).toMatchObject({
      rcpt_name: 'Rinaldi Arredamenti S.r.l.',
      rcpt_contact: 'Marco Rinaldi',
    });
    expect(order('#1007')?.values).toMatchObject({ rcpt_name: 'Elena Marchetti', rcpt_city: 'Firenze' });
    // "Lineitem grams" is a piece's weight in grams.
    expect(order('#1001')?.lines.map((line) => line.weightKg)).toEqual([0.82, 0.56]);
  });

  it('flags a payment it cannot read on the COD cell until the operator gives an amount or the COD words', async () => {
    const { dispatch, preview, fix } = await bench();
    const file = Buffer.from(fixture('shopifyCod.csv').toString('utf8').replace('Klarna', 'Pagamento al corriere'));
    let seen = await preview('shopify.csv', file);
    const unknown = seen.problems.find((problem) => problem.orderRef === '#1009');
    expect(unknown?.errors.contrassegno?.message).toBe(
      'Metodo di pagamento non riconosciuto: Pagamento al corriere; indicare il contrassegno (0 se pagato)',
    );
    seen = await fix(seen.importId, unknown!.line, 'contrassegno', '0');
    expect(seen.problems.find((problem) => problem.orderRef === '#1009')).toBeUndefined();

    // The shop's own wording for cash on delivery, once saved, is read as such: the order total is collected.
    const words = commandValue<{ words: string[]; defaults: string[] }>(
      await dispatch('orders.codWords', { words: [' Pagamento al  corriere ', ''] }),
    );
    expect(words.words).toEqual(['Pagamento al corriere']);
    expect(words.defaults).toContain('contrassegno');
    seen = await preview('shopify.csv', file);
    expect(codOf(seen)['#1009']).toBe('33.4');
  });
});

describe('a shop export dropped into the watched folder', () => {
  it('keeps its orders with their cash to collect, and names the one row it cannot keep', async () => {
    const folder = tempDir();
    station = await createStation({
      dataDir: tempDir(),
      bench: { orderFolder: folder, orderFolderEveryMs: 50 },
    });
    writeFileSync(join(folder, 'shopify.csv'), fixture('shopifyCod.csv'));
    await expect
      .poll(() => station?.orderFolder.log()[0], { timeout: 10_000 })
      .toMatchObject({ file: 'shopify.csv', added: 11, invalid: 1 });
    // The field as the screens label it, never its API name.
    expect(station.orderFolder.log()[0]?.rejected?.[0]).toBe('riga 23 (#1012): CAP: il CAP è della provincia BO');
    expect(station.engine.orders.find(station.caller, '#1004')?.values.contrassegno).toBe('28.9');
  });
});

describe('what the file itself gets wrong', () => {
  it('refuses an order of 20,000 lines under one reference, naming it, rather than a roll-long slip', async () => {
    const { preview, keep } = await bench();
    const row = 'ORD-1;Bianchi S.r.l.;Via Roma 1;47121;Forlì;FC;0543 123456;a@b.it;1;Caffè;CAF;1';
    const file = [ORDER_CSV_HEADER, ...Array.from({ length: 20_000 }, () => row)].join('\r\n');
    const seen = await preview('enorme.csv', Buffer.from(file));
    expect(seen).toMatchObject({ rows: 20_000, orders: 1, valid: 0, problemCount: 1 });
    expect(seen.problems[0]?.errors.order_ref?.message).toContain('20000 righe di articoli, più delle 500 ammesse');
    expect(await keep(seen.importId)).toEqual({ added: 0, updated: 0, duplicates: 0, invalid: 1, notes: [] });
  });

  it('keeps a UTF-8 file with one stray byte UTF-8 and names the row that has it', async () => {
    const { preview, fix, keep, order } = await bench();
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    const rows = Array.from({ length: 19 }, (_, i) =>
      utf8(`\r\nORD-${i + 1};Nicolò Bianchi;Via Città di Castello ${i + 1};47121;Forlì;FC;0543 1;a@b.it;1;Caffè;C;1`),
    );
    // One row pasted from a Windows-1252 program: its "ò" is the single byte F2.
    const bad = Buffer.concat([
      utf8('\r\nORD-20;Nicol'),
      Buffer.from([0xf2]),
      utf8(' Verdi;Via Roma 2;47121;Forlì;FC;0543 1;a@b.it;1;Caffè;C;1'),
    ]);
    const seen = await preview('misto.csv', Buffer.concat([utf8(ORDER_CSV_HEADER), ...rows, bad]));
    expect(seen).toMatchObject({ encoding: 'utf-8', damagedLines: [21], orders: 20, valid: 19, problemCount: 1 });
    expect(seen.problems[0]).toMatchObject({ line: 21, cells: { rcpt_name: 'Nicol\uFFFD Verdi' } });
    expect(seen.problems[0]?.errors.rcpt_name?.message).toContain('Caratteri illeggibili');
    const fixed = await fix(seen.importId, 21, 'rcpt_name', 'Nicolò Verdi');
    expect(await keep(fixed.importId)).toMatchObject({ added: 20, invalid: 0 });
    expect(order('ORD-1')?.values.rcpt_name).toBe('Nicolò Bianchi');
    expect(order('ORD-20')?.values.rcpt_name).toBe('Nicolò Verdi');
  });
});
