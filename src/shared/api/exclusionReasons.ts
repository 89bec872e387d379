// Why a courier service cannot carry a shipment, as data: a stable code and the values it speaks of (numbers as
// numbers, so each screen writes them its own way). The engine keeps writing its Italian sentence beside it for the
// API, the reports and the logs; the screens say the code in the operator's language and never read the sentence.
import { z } from 'zod';

export const EXCLUSION_CODES = [
  // The price list: none for the service, or it cannot price this destination or weight.
  'noPriceList',
  'noImportedList',
  'destinationNotInList',
  'weightOverList',
  'zoneWithoutPrice',
  // The courier's route and limits.
  'destinationUnavailable',
  'provinceUnavailable',
  'tooManyParcels',
  'weightOverMax',
  'parcelWeightOverMax',
  'fieldTooLong',
  // An Italian address whose postal code, city and province disagree.
  'capInvalid',
  'capUnknown',
  'capProvince',
  'cityProvince',
  'capCity',
  // Services the courier does not offer.
  'serviceUnavailable',
  /** A courier's return service asked for a shipment that is not a return. */
  'returnsOnlyService',
  'codUnavailable',
  'codOverMax',
  'codTypeRefused',
  'insuranceUnavailable',
  'insuranceOverMax',
  'returnsUnavailable',
  'recipientPaysUnavailable',
  // Customs, outside the EU customs territory.
  'dutiesUnavailable',
  'documentsUnavailable',
  'customsRequired',
  /** Goods lines a customs office would refuse (customsProblems): missing, incomplete, or not adding up. */
  'customsLinesInvalid',
  // One courier's own rules (its folder's validate).
  'saturdayOnlyService',
  'goodsCodeRequired',
  'goodsCodeInvalid',
  'optionsUnavailable',
  'pickupPointRequired',
  'pickupPointOnly',
  'productMismatch',
  'postOfficeRequired',
  'postOfficeOnly',
  'accessoriesInvalid',
  /** A reason with no code of its own: the screens show the Italian sentence as written. */
  'other',
] as const;
export type ExclusionCode = (typeof EXCLUSION_CODES)[number];

/** An Italian address whose CAP, city and province disagree: the same refusal from every courier. */
export const ADDRESS_EXCLUSIONS: ReadonlySet<ExclusionCode> = new Set([
  'capInvalid',
  'capUnknown',
  'capProvince',
  'cityProvince',
  'capCity',
]);

/**
 * When no service takes the shipment as typed: the cheapest one refused only for texts longer than it takes (priced
 * as if they were shortened), whose limits the operator then meets all at once; undefined when there is none.
 */
export function cheapestShortening<T extends { code: ExclusionCode; total?: number }>(
  excluded: readonly T[],
): T | undefined {
  let best: T | undefined;
  for (const e of excluded) {
    if (e.code !== 'fieldTooLong' || e.total === undefined) continue;
    if (best?.total === undefined || e.total < best.total) best = e;
  }
  return best;
}

/** What the code speaks of: numbers (weights, amounts, counts) stay numbers; names and codes are strings. */
export const ExclusionParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type ExclusionParams = z.infer<typeof ExclusionParamsSchema>;

export const ExclusionReasonSchema = z.object({ code: z.enum(EXCLUSION_CODES), params: ExclusionParamsSchema });
export type ExclusionReason = z.infer<typeof ExclusionReasonSchema>;
