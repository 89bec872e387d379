// Why a connected shop's read or a fulfilment sent to it failed, as data the screens say in the bench's language: a
// code with what it speaks of (the missing scopes, why nobody answered, the status), kept beside the shop's own words
// (the screens' "dettagli"). The causes the connect form knows (shopRefusals.ts) plus those only met after connecting.
import { z } from 'zod';
import { SHOP_ANSWER_CODES, shopRefusalKey } from './shopRefusals';

export const SHOP_FAILURE_CODES = [
  // Read as at the connect form, and said with what to do now that the shop was connected.
  ...SHOP_ANSWER_CODES,
  /** The connection's secret is no longer in this computer's key store. */
  'shopNoSecret',
  /** The order is no longer in the shop (deleted there: a 404 on it, or not found). */
  'shopOrderGone',
  /** The order was fulfilled in the shop already, with another shipment. */
  'shopOrderDone',
  /** The order was cancelled, refunded or closed in the shop after the bench took it. */
  'shopOrderClosed',
  /** The order has no carrier in the shop to carry the tracking number (PrestaShop). */
  'shopNoCarrier',
  /** The shop has no order state meaning "shipped" (PrestaShop). */
  'shopNoShippedState',
  /** The fulfilment a parcel state belongs to is no longer in the shop (cancelled there). */
  'shopFulfilmentGone',
  /** The platform takes no parcel state of this kind. */
  'shopStateUnsupported',
  /** The shop answered and said no to what was sent (a 400, a 422, Shopify's userErrors): its words in the details. */
  'shopRequestRefused',
  /** Orders the bench's checks refused, waiting in the shop to be corrected there (the detail: their references). */
  'shopOrdersToFix',
] as const;
export type ShopFailureCode = (typeof SHOP_FAILURE_CODES)[number];

/** A failure as it is kept: the shop's (or the bench's) words, capped, and the code with its detail ('' for none). */
export interface ShopError {
  text: string;
  code: ShopFailureCode | '';
  detail: string;
}

/** A failure said only in words (the bench's own, or a row from before the codes): shown as they are. */
export const errorOf = (error: string | ShopError): ShopError =>
  typeof error === 'string' ? { text: error, code: '', detail: '' } : error;

export const ShopFailureCodeSchema = z.enum(['', ...SHOP_FAILURE_CODES]);

const CODES = new Set<string>(SHOP_FAILURE_CODES);
/** A code as stored: one this version does not know (a later version's) is shown by its text, like an old row. */
export const shopFailureCodeOf = (value: string): ShopFailureCode | '' =>
  CODES.has(value) ? (value as ShopFailureCode) : '';

/**
 * The message's name (`shopTokenRefused.shopify`, `shopUnreachable.dns`, `shopOrderGone.any`) and its places, by the
 * connect form's rule (shopRefusalKey): the renderer's dictionaries hold them under `shopFailure.`.
 */
export function shopFailureKey(
  code: ShopFailureCode,
  platform: string,
  detail: string,
  known: (name: string) => boolean,
): { name: string; params: { scopes: string; status: string; page: string; orders: string } } {
  const { name, params } = shopRefusalKey(code, detail ? `${platform}:${detail}` : platform, known);
  return { name, params: { ...params, orders: code === 'shopOrdersToFix' ? detail : '' } };
}
