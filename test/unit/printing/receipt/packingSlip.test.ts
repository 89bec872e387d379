// The packing slip's bytes for Epson (ESC/POS) and Star (Star Line Mode) receipt printers: what the operator reads on
// it, the code page that makes the accents print, stand-ins for what the page lacks, the barcode and the cut.
import { describe, expect, it } from 'vitest';
import {
  BARCODE_NOT_PRINTABLE,
  BARCODE_TOO_LONG,
  COD_TITLE,
  packingSlipBytes,
  SLIP_TITLE,
} from '../../../../src/printing/receipt/packingSlip';
import { PackingSlipSchema } from '../../../../src/shared/domain/packingSlip';
import { PACKING_SLIP, packingSlip } from '../../../fixtures/packingSlip';

const SLIP = PACKING_SLIP;

const MODELS = ['epson', 'star'] as const;
const ESC = '1b';
const GS = '1d';
/** Bytes as hex, so a test can say which commands come in which order. */
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
/** Text as a Windows-1252 printer receives it: for these characters, the Latin-1 byte of each. */
const text = (value: string): string => hex(Buffer.from(value, 'latin1'));
const slip = packingSlip;

describe('the packing slip on a receipt printer', () => {
  it('takes a slip dated YYYY-MM-DD whose barcode Code 128 can carry, and refuses others', () => {
    expect(PackingSlipSchema.safeParse(SLIP).success).toBe(true);
    expect(PackingSlipSchema.safeParse(slip({ date: '14/03/2026' })).success).toBe(false);
    expect(PackingSlipSchema.safeParse(slip({ barcode: 'città' })).success).toBe(false);
  });

  it.each(MODELS)('on %s, starts by resetting the printer and only then selects Windows-1252', (model) => {
    const page = model === 'epson' ? `${ESC}7410` : `${ESC}${GS}7420`;
    expect(hex(packingSlipBytes(SLIP, model)).startsWith(`${ESC}40${page}`)).toBe(true);
  });

  it.each(MODELS)('on %s, prints à è é ì ò ù as the code page bytes E0 E8 E9 EC F2 F9', (model) => {
    const bytes = hex(packingSlipBytes(slip({ note: 'àèéìòù ÀÈÉÌÒÙ' }), model));
    expect(bytes).toContain('e0e8e9ecf2f9' + '20' + 'c0c8c9ccd2d9');
    expect(bytes).toContain(text('Caffè macinato 250 g'));
    expect(bytes).toContain(text('Nicolò Rossi'));
  });

  it('prints the euro sign and curly quotes from the page itself, not as stand-ins', () => {
    const bytes = hex(packingSlipBytes(slip({ note: '€ 5 “buono”' }), 'epson'));
    expect(bytes).toContain('80' + text(' 5 ') + '93' + text('buono') + '94');
  });

  it.each(MODELS)('on %s, turns what the page lacks into readable ASCII, never into UTF-8 bytes', (model) => {
    const bytes = hex(packingSlipBytes(slip({ note: 'Łukasz Wałęsa, Ștefan 👍🏽 Ελλάδα' }), model));
    expect(bytes).toContain(text('Lukasz Walesa, Stefan ? ??????'));
    // The UTF-8 spellings of Ł, ę and the emoji's first bytes.
    for (const utf8 of ['c581', 'c499', 'f09f']) expect(bytes).not.toContain(utf8);
  });

  it("keeps control characters in the operator's text from reaching the printer as commands", () => {
    const bytes = packingSlipBytes(slip({ note: 'a\x1b@b\x10\x04\x01c\x1dV\x00d' }), 'epson');
    expect(hex(bytes)).toContain(text('Note: a @b c V d'));
    expect(hex(bytes)).not.toContain('100401');
  });

  it('reads in Italian: title, order and date, recipient, lines, parcels, weight, courier and waybill', () => {
    const bytes = hex(packingSlipBytes(SLIP, 'epson'));
    for (const line of [
      SLIP_TITLE,
      'Ordine: #1001',
      'Data: 14/03/2026',
      'Mittente: Bottega di Forlì',
      'Destinatario:',
      '  Via Città di Castello 12',
      '  47121 Forlì (FC)',
      '   2 Caffè macinato 250 g',
      '     Cod. CAF-250',
      ' 1,5 Tazza smaltata',
      'Peso: 2,35 kg',
      'Colli: 2',
      'Corriere: BRT',
      'Lettera di vettura: 0123456789012345',
      'Note: Consegnare al portiere',
    ])
      expect(bytes).toContain(text(line));
    // An Italian recipient's country goes without saying; a foreign one is printed.
    expect(bytes).not.toContain(text('  IT'));
    expect(hex(packingSlipBytes(slip({ recipient: { ...SLIP.recipient, country: 'CH' } }), 'epson'))).toContain(
      text('  CH'),
    );
  });

  it.each(MODELS)('on %s, prints the cash to collect large, right under the order, before the recipient', (model) => {
    const cod = hex(packingSlipBytes(slip({ cod: { amount: 64.5, collect: 'solo contanti' } }), model));
    // The euro sign is byte 80 of Windows-1252.
    const title = text(`${COD_TITLE} 64,50 `) + '80';
    expect(cod).toContain(title);
    expect(cod).toContain(text('Da incassare: solo contanti'));
    const at = cod.indexOf(title);
    expect(at).toBeGreaterThan(cod.indexOf(text('Ordine: #1001')));
    expect(at).toBeLessThan(cod.indexOf(text('Destinatario:')));
    // As large as the slip's own title: double width and height, bold (Epson ESC ! 30 ESC E 1; Star ESC i 1 1 ESC E).
    const large = model === 'epson' ? `${ESC}2130${ESC}4501` : `${ESC}690101${ESC}45`;
    expect(cod).toContain(large + text(SLIP_TITLE));
    expect(cod).toContain(large + title);
    expect(hex(packingSlipBytes(SLIP, model))).not.toContain(text(COD_TITLE));
  });

  it('prints the first 50 items of a long order and a summary line, never a roll-long slip', () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ sku: `ART-${i + 1}`, description: `Articolo ${i + 1}`, qty: 2 }));
    const long = hex(packingSlipBytes(slip({ lines: items(500) }), 'epson'));
    expect(long).toContain(text('   2 Articolo 50'));
    expect(long).not.toContain(text('Articolo 51'));
    // "…" is byte 85 of Windows-1252; the pieces are the whole order's.
    expect(long).toContain('85' + text(' e altre 450 righe, 1.000 pezzi in tutto'));
    // The barcode and the waybill still follow.
    expect(long).toContain(text('Lettera di vettura: 0123456789012345'));
    // Up to 60 items, every one is listed: 500 print shorter than 60.
    const full = hex(packingSlipBytes(slip({ lines: items(60) }), 'epson'));
    expect(full).toContain(text('Articolo 60'));
    expect(full).not.toContain(text(' e altre '));
    expect(long.length).toBeLessThan(full.length);
  });

  it('leaves out the weight and the note when the shipment has none', () => {
    const bytes = hex(packingSlipBytes(slip({ weightKg: undefined, note: undefined }), 'star'));
    expect(bytes).not.toContain(text('Peso'));
    expect(bytes).not.toContain(text('Note'));
  });

  it('prints the barcode as Epson Code 128 (GS k 73, set B) with its text under the bars', () => {
    const bytes = hex(packingSlipBytes(SLIP, 'epson'));
    // GS H 2: text below; GS k 73, 16 + 2 bytes, "{B" then the value.
    expect(bytes).toContain(`${GS}4802`);
    expect(bytes).toContain(`${GS}6b4912` + text('{B0123456789012345'));
  });

  it('prints the barcode as Star Code 128 (ESC b 6) with its text under the bars', () => {
    const bytes = hex(packingSlipBytes(SLIP, 'star'));
    expect(bytes).toMatch(new RegExp(`${ESC}6236` + '02' + '3[123]' + '..' + text('0123456789012345') + '1e'));
  });

  it("escapes each maker's Code 128 escape character, so the scanner reads the waybill as written", () => {
    expect(hex(packingSlipBytes(slip({ barcode: 'A{1%2' }), 'epson'))).toContain(`${GS}6b4908` + text('{BA{{1%2'));
    expect(hex(packingSlipBytes(slip({ barcode: 'A{1%2' }), 'star'))).toContain(text('A{1%02') + '1e');
  });

  it('chooses narrower bars for a long waybill, and says so instead of printing bars wider than the paper', () => {
    const moduleWidth = (barcode: string, width?: number) =>
      /1d77(..)/.exec(hex(packingSlipBytes(slip({ barcode }), 'epson', { width })))?.[1];
    expect(moduleWidth('12345678')).toBe('03');
    expect(moduleWidth('0123456789012345')).toBe('02');
    const tooLong = hex(packingSlipBytes(slip({ barcode: '0123456789012345' }), 'epson', { width: 32 }));
    expect(tooLong).not.toContain(`${GS}6b`);
    expect(tooLong).toContain(text(BARCODE_TOO_LONG));
    expect(tooLong).toContain(text('0123456789012345'));
  });

  it('prints no bars for a barcode value outside Code 128, and says why', () => {
    const bytes = hex(packingSlipBytes(slip({ barcode: 'città' }), 'star'));
    expect(bytes).not.toContain(`${ESC}62`);
    expect(bytes).toContain(text(BARCODE_NOT_PRINTABLE));
  });

  it('ends with a feed past the cutter, one cut, and a reset', () => {
    // Epson: ESC d 4, GS V 0, ESC @. Star: ESC d 2 (feed to the cutter and cut), ESC @.
    expect(hex(packingSlipBytes(SLIP, 'epson')).endsWith(`${ESC}6404${GS}5600${ESC}40`)).toBe(true);
    expect(hex(packingSlipBytes(SLIP, 'star')).endsWith(`${ESC}6402${ESC}40`)).toBe(true);
  });

  it('refuses a line width no receipt printer has', () => {
    expect(() => packingSlipBytes(SLIP, 'epson', { width: 10 })).toThrow(RangeError);
    expect(() => packingSlipBytes(SLIP, 'epson', { width: 42.5 })).toThrow(RangeError);
  });
});
