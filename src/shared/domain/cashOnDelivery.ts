// Cash-on-delivery collection types (`tipo_incasso`) as the real aggregator documents them (aggregator-facts.md):
// 10 cashier's cheque payable to the sender, 11 the courier may accept a cashier's cheque payable to the sender,
// 12 cash only, 15 the courier may accept a dated cheque payable to the sender. Our first codes (0 not given, read as
// cash; 1 cheque to the sender; 2 cashier's cheque) are still accepted, so a shop system or a stored shipment that
// uses them keeps working: a new request is stored with the documented code.
export const COD_TYPES = [12, 10, 11, 15] as const;
export type CodType = (typeof COD_TYPES)[number];

/** Italian, as the label and the couriers' refusals say it. */
export const COD_TYPE_TEXT: Record<CodType, string> = {
  12: 'solo contanti',
  10: 'assegno circolare intestato al mittente',
  11: 'accetta assegno circolare intestato al mittente',
  15: 'accetta assegno bancario intestato al mittente',
};

/**
 * The same, short enough for the COD box of a 100 mm label (about 30 characters at the driver's reading size): every
 * cheque is payable to the sender, so the label names that as "int. mitt." (intestato al mittente).
 */
export const COD_TYPE_LABEL: Record<CodType, string> = {
  12: 'SOLO CONTANTI',
  10: 'ASS. CIRCOLARE INT. MITT.',
  11: 'CONTANTI O ASS. CIRC. INT. MITT.',
  15: 'CONTANTI O ASS. BANC. INT. MITT.',
};

/** Every code a request may carry: 0 (not given), the former 1 and 2, and the documented ones. */
export const ACCEPTED_COD_TYPES = [0, 1, 2, ...COD_TYPES] as const;

const LEGACY: Readonly<Record<number, CodType>> = { 1: 15, 2: 10 };

/** The documented code of a request's value: former codes translated, 0 (not given) kept. */
export const documentedCodType = (code: number): number => LEGACY[code] ?? code;

/** The collection a courier must make: "not given" (0) is cash only, as it always meant here. */
export const effectiveCodType = (code: number): CodType => {
  const documented = documentedCodType(code);
  return (COD_TYPES as readonly number[]).includes(documented) ? (documented as CodType) : 12;
};

/** The cash to collect as a form or an order holds it ("64,50", "64.50", "" none): 0 when none or not a number. */
export function codAmount(text: string | undefined): number {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : 0;
}
