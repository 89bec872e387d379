// A parcel leaving the EU customs territory: its goods lines (the real clients' `dettagli_ordine`) and the checks a
// customs office makes of them, shared by the bench's form (field errors as the operator types), the couriers' own
// check (a 0.6 naming the field, as real couriers refuse) and the commercial invoice drawn from them. Pure.
import { COUNTRY_CODES } from './countries';
import { unprintableChars } from './invoiceGlyphs';

/** Why the goods leave: a sale gets a commercial invoice; anything else a proforma invoice. */
export const EXPORT_REASONS = ['sale', 'gift', 'sample', 'return', 'repair'] as const;
export type ExportReason = (typeof EXPORT_REASONS)[number];

/** One goods line as the shipment carries it (numbers already numbers; `origine` may be left to the shipment's). */
export interface CustomsLine {
  sku: string;
  description: string;
  qty: number;
  hs_code: string;
  /** The line's country of origin; empty: the shipment's `origine`. */
  origine?: string;
  /** Value of one unit, in the shipment's currency. */
  prezzo_singolo: number;
  /** Net weight of the whole line, kg. */
  peso_riga: number;
  barcode_riga?: string;
}

/**
 * Who pays the duties (`addebito_dogana`: 0 recipient, 1 sender, 2 third party) as the invoice's incoterm: the
 * recipient (or a third party) pays at arrival, DAP; the sender pays them, DDP.
 */
export function incotermOf(addebitoDogana: number): 'DAP' | 'DDP' {
  return addebitoDogana === 1 ? 'DDP' : 'DAP';
}

/**
 * An HS code as it is sent, kept and shown: its digits only ("4901.99.00" and "4901 99 00" are 49019900), one spelling
 * on the screens, in the product list and on the invoice.
 */
export const hsDigits = (code: string): string => code.replace(/[\s.]/g, '');

/**
 * The shape of an HS code as customs read it: 6 to 10 digits (spaces and dots allowed between them), whose first two
 * are a chapter of the Harmonized System (01–97, 77 being reserved) and whose heading (digits 3–4) is not 00. A
 * subheading of 00 is real (6912.00 ceramic tableware, 9503.00 toys). Which codes exist is the customs tariff's;
 * this catches typos and placeholders.
 */
export function hsCodeOk(code: string): boolean {
  const digits = hsDigits(code);
  if (!/^\d{6,10}$/.test(digits)) return false;
  const chapter = Number(digits.slice(0, 2));
  return chapter >= 1 && chapter <= 97 && chapter !== 77 && digits.slice(2, 4) !== '00';
}

/** The value of the lines, to the cent. */
export function linesValue(lines: readonly Pick<CustomsLine, 'qty' | 'prezzo_singolo'>[]): number {
  return Math.round(lines.reduce((sum, l) => sum + Math.round(l.qty * l.prezzo_singolo * 100), 0)) / 100;
}

/** The net weight of the lines, to the gram. */
export function linesNetWeight(lines: readonly CustomsLine[]): number {
  return Math.round(lines.reduce((sum, l) => sum + Math.round(l.peso_riga * 1000), 0)) / 1000;
}

/** What is wrong, by field (`dettagli_ordine.1.hs_code`, `valore_doganale`, …) and code; empty when nothing. */
export type CustomsProblem =
  | 'customsLines'
  | 'required'
  | 'hsCode'
  | 'country'
  | 'atLeastOne'
  | 'customsTotal'
  | 'customsNetWeight'
  | 'unprintable';
export type CustomsProblems = Record<string, { code: CustomsProblem; value?: string }>;

export interface CustomsGoods {
  lines: readonly CustomsLine[];
  /** The shipment's country of origin, for lines that give none. */
  origine: string;
  valore_doganale: number;
  /** The shipment's gross weight, kg: the lines' net weight cannot be more. */
  peso: number;
}

/**
 * The checks a customs office makes of a parcel's goods: at least one line; each with a description the papers can
 * print (in Latin letters, as the office reads it: a character their font lacks would print blank), a well-formed
 * HS code, a country of origin, a quantity, a unit value and a weight; the lines' value equal to the customs value
 * (to the cent); their net weight not above the parcel's weight.
 */
export function customsProblems(goods: CustomsGoods): CustomsProblems {
  const problems: CustomsProblems = {};
  if (goods.lines.length === 0) {
    problems.dettagli_ordine = { code: 'customsLines' };
    return problems;
  }
  goods.lines.forEach((line, i) => {
    const at = (field: string, code: CustomsProblem) => (problems[`dettagli_ordine.${i}.${field}`] = { code });
    const unprintable = unprintableChars(line.description);
    if (line.description.trim() === '') at('description', 'required');
    else if (unprintable !== '') {
      problems[`dettagli_ordine.${i}.description`] = { code: 'unprintable', value: unprintable };
    }
    if (line.hs_code.trim() === '') at('hs_code', 'required');
    else if (!hsCodeOk(line.hs_code)) at('hs_code', 'hsCode');
    const origin = (line.origine ?? '').trim() || goods.origine.trim();
    if (origin === '') at('origine', 'required');
    else if (!COUNTRY_CODES.has(origin.toUpperCase())) at('origine', 'country');
    if (!(line.qty > 0)) at('qty', 'atLeastOne');
    if (!(line.prezzo_singolo > 0)) at('prezzo_singolo', 'atLeastOne');
    if (!(line.peso_riga > 0)) at('peso_riga', 'atLeastOne');
  });
  const value = linesValue(goods.lines);
  if (Math.abs(value - goods.valore_doganale) >= 0.005)
    problems.valore_doganale = { code: 'customsTotal', value: value.toFixed(2) };
  const net = linesNetWeight(goods.lines);
  if (net > goods.peso + 0.0005) problems.peso = { code: 'customsNetWeight', value: String(net) };
  return problems;
}
