// Cash on delivery after departure, as the bench and its screens see it: each COD parcel's money state, the lines of
// a courier's remittance list matched to parcels, and the report per courier and period. Money is in integer cents.
import { z } from 'zod';

/**
 * Where a COD parcel's money is: not delivered yet (`to_collect`); delivered, the courier holds it and its remittance
 * term has not run out (`collected`); the term ran out and it is not (all) paid (`owed`); paid (`paid`); refused, going
 * or gone back, so it will never be paid (`will_not_come`).
 */
export const COD_STATES = ['to_collect', 'collected', 'owed', 'paid', 'will_not_come'] as const;
export const CodStateSchema = z.enum(COD_STATES);
export type CodState = z.infer<typeof CodStateSchema>;

/** The states in the Italian of the bench's papers (the report's PDF and CSV); the screens have theirs in i18n. */
export const COD_STATE_WORDS: Record<CodState, string> = {
  to_collect: 'Da incassare',
  collected: 'Incassato dal corriere',
  owed: 'Dovuto (termine scaduto)',
  paid: 'Pagato',
  will_not_come: 'Non arriverà',
};

/** Days a courier has to pay the COD it collected, from the delivery, unless the bench is told another term. */
export const COD_TERM_DAYS = 7;

export const CodParcelSchema = z.object({
  shipmentId: z.number().int(),
  waybill: z.string(),
  ddtAlpha: z.string(),
  courier: z.number().int(),
  courierName: z.string(),
  recipient: z.string(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  state: CodStateSchema,
  /** When the bench first saw the parcel delivered (ms), if it was. */
  deliveredAt: z.number().nullable(),
  /** When the courier must have paid (ms): the delivery and the term. */
  dueAt: z.number().nullable(),
  /** The courier's words of the latest state, '' when none was seen yet. */
  words: z.string(),
});
export type CodParcel = z.infer<typeof CodParcelSchema>;

/** One figure of the report: how many parcels and how much money. */
export const CodFigureSchema = z.object({ count: z.number().int(), cents: z.number().int() });
export type CodFigure = z.infer<typeof CodFigureSchema>;

/**
 * The report's figures: `collected` is every delivered parcel (the money the courier took), split into what it
 * `paid` and what it still `owed` (the paid part of a partial payment in `paid`, the rest in `owed`); `missing` is the
 * part of `owed` past its term. `paid`'s count is the parcels paid in full.
 */
export const CodFiguresSchema = z.object({
  toCollect: CodFigureSchema,
  collected: CodFigureSchema,
  owed: CodFigureSchema,
  paid: CodFigureSchema,
  missing: CodFigureSchema,
  willNotCome: CodFigureSchema,
});
export type CodFigures = z.infer<typeof CodFiguresSchema>;
export type CodFigureName = keyof CodFigures;

export const CodFilterSchema = z.object({
  /** One courier's parcels; absent: every courier's. */
  courier: z.number().int().optional(),
  /** Days `YYYY-MM-DD`, both included: a delivered parcel by its delivery day, any other by its shipment's day. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type CodFilter = z.infer<typeof CodFilterSchema>;

export const CodReportSchema = z.object({
  filter: CodFilterSchema,
  /** When the report was made (ms): what is past its term is judged at this instant. */
  at: z.number(),
  termDays: z.number().int(),
  figures: CodFiguresSchema,
  parcels: z.array(CodParcelSchema),
});
export type CodReport = z.infer<typeof CodReportSchema>;

/** Which parcels stand behind a figure. */
export function inFigure(parcel: CodParcel, figure: CodFigureName): boolean {
  switch (figure) {
    case 'toCollect':
      return parcel.state === 'to_collect';
    case 'collected':
      return parcel.deliveredAt !== null && parcel.state !== 'will_not_come';
    case 'owed':
      return parcel.state === 'collected' || parcel.state === 'owed';
    case 'paid':
      return parcel.paidCents > 0;
    case 'missing':
      return parcel.state === 'owed';
    case 'willNotCome':
      return parcel.state === 'will_not_come';
  }
}

/** A remittance line, as read from the courier's file: where it is, the waybill, the amount (if readable), the day. */
export const RemittanceLineSchema = z.object({
  line: z.number().int(),
  waybill: z.string().max(100),
  /** Undefined: the amount could not be read as money. */
  amountCents: z.number().int().optional(),
  /** `YYYY-MM-DD`, or '' when the file gives none. */
  date: z.string().max(10),
});
export type RemittanceLine = z.infer<typeof RemittanceLineSchema>;

/**
 * What a remittance line finds: a parcel it pays (`matched`); none of the caller's parcels with that waybill
 * (`not_found`); a parcel whose unpaid amount is not the line's (`amount_differs`); a parcel paid already
 * (`already_paid`); not delivered, or never to be (`not_delivered`); another courier's parcel (`other_courier`); the
 * waybill met on an earlier line of the file (`repeated`); an amount that is no money (`bad_amount`). Only `matched`
 * lines are paid.
 */
export const REMITTANCE_MATCHES = [
  'matched',
  'not_found',
  'amount_differs',
  'already_paid',
  'not_delivered',
  'other_courier',
  'repeated',
  'bad_amount',
] as const;
export const RemittanceMatchSchema = z.enum(REMITTANCE_MATCHES);
export type RemittanceMatch = z.infer<typeof RemittanceMatchSchema>;

export const RemittanceCheckSchema = RemittanceLineSchema.extend({
  match: RemittanceMatchSchema,
  shipmentId: z.number().int().nullable(),
  /** What the bench expects for the parcel (its unpaid COD), when one was found. */
  expectedCents: z.number().int().nullable(),
});
export type RemittanceCheck = z.infer<typeof RemittanceCheckSchema>;

export const RemittancePreviewSchema = z.object({
  lines: z.array(RemittanceCheckSchema),
  /** The sum of the lines that would be paid. */
  matchedCents: z.number().int(),
  /** When this very file was already saved (ms), if it was: saving it again pays nothing. */
  importedAt: z.number().nullable(),
});
export type RemittancePreview = z.infer<typeof RemittancePreviewSchema>;
