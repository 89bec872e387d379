// Whether an order is paid on delivery, from the payment method its shop exported: Shopify's "Payment
// Method", WooCommerce's "Payment Method Title" and id. The amount is never guessed: a method that is neither cash on
// delivery nor a known way of paying in advance is asked of the operator.

/**
 * Cash on delivery as Shopify, WooCommerce and Italian shops write it. A shop with its own wording ("Pagamento al
 * corriere") adds it in the station's settings (`orders.codWords`).
 */
export const DEFAULT_COD_WORDS: readonly string[] = [
  'contrassegno',
  'pagamento alla consegna',
  'pagamento in contanti alla consegna',
  'contanti alla consegna',
  'cash on delivery',
  'cod',
];

/** Ways of paying before the parcel leaves (gateways' names and WooCommerce's ids): nothing to collect. */
export const PREPAID_WORDS: readonly string[] = [
  'shopify payments',
  'paypal',
  'ppcp',
  'ppec',
  'stripe',
  'woocommerce payments',
  'wcpay',
  'carta di credito',
  'carta di debito',
  'credit card',
  'debit card',
  'carta',
  'bonifico',
  'bank transfer',
  'bank deposit',
  'bacs',
  'money order',
  'cheque',
  'assegno anticipato',
  'satispay',
  'klarna',
  'scalapay',
  'amazon pay',
  'apple pay',
  'google pay',
  'gift card',
  'buono regalo',
  'carta regalo',
  'manual',
  'manuale',
  'nexi',
  'sumup',
  'mybank',
  'postepay',
];

export type PaymentKind = 'cod' | 'prepaid' | 'unknown';

/** " pagamento alla consegna cod " for "Pagamento alla consegna (COD)": accents, case and punctuation away. */
const words = (text: string): string =>
  ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const says = (text: string, phrases: readonly string[]) =>
  phrases.some((phrase) => words(phrase).trim() !== '' && text.includes(words(phrase)));

/**
 * Cash on delivery when any of its words is there (a gift card and COD together still leave an amount to collect),
 * else prepaid when a known method is named, else unknown (blank included).
 */
export function paymentKind(method: string, extraCodWords: readonly string[] = []): PaymentKind {
  const text = words(method);
  if (says(text, DEFAULT_COD_WORDS) || says(text, extraCodWords)) return 'cod';
  return says(text, PREPAID_WORDS) ? 'prepaid' : 'unknown';
}
