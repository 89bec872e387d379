// Shopify's orders as the bench's waiting orders, by the same rules as a Shopify export read from a file: each order
// becomes the rows its CSV export would have (one per item, the first carrying the recipient), with Shopify's own
// column names, and the order files' reader makes the drafts (company as the recipient's name, weights in grams).
// Cash on delivery is decided here, where the shop says more than a file: a cash-on-delivery gateway and an order
// not yet paid collect what is still to pay; a paid order collects nothing, whatever its gateway is called (a file's
// unknown gateway is asked of the operator, a shop's paid order is not). Which orders are for the bench too.
import type { ShopOrderIn } from '../../engine/index';
import type { OrderField } from '../../shared/domain/orderColumns';
import { readShopOrders, type ShopExport } from '../exportRows';
import type { ShopifyOrder } from './types';
import { paymentKind } from '../../orderFiles/paymentMethod';
import { otherIssue } from '../../shared/api/fieldIssues';
import { ORDER_LINES_READ } from './requests';

/** An order of more lines than one page of them: shipping it short would leave items out of the parcel. */
const tooManyLinesRead = (ref: string) =>
  `Ordine ${ref} con più di ${ORDER_LINES_READ} righe di articoli: spedirlo dal negozio o da un file d'ordini`;

/** Shopify's export columns, each read as the order field beside it. */
const COLUMNS: readonly (readonly [string, OrderField])[] = [
  ['Name', 'order_ref'],
  ['Shipping Company', 'rcpt_company'],
  ['Shipping Name', 'rcpt_name'],
  ['Shipping Address1', 'rcpt_addr'],
  ['Shipping Address2', 'rcpt_addr2'],
  ['Shipping Zip', 'rcpt_cap'],
  ['Shipping City', 'rcpt_city'],
  ['Shipping Province', 'rcpt_prov'],
  ['Shipping Country', 'rcpt_country_code'],
  ['Shipping Phone', 'rcpt_phone'],
  ['Email', 'rcpt_email'],
  ['Notes', 'note'],
  ['Cash on Delivery', 'contrassegno'],
  ['Lineitem sku', 'line_sku'],
  ['Lineitem name', 'line_description'],
  ['Lineitem quantity', 'line_qty'],
  ['Lineitem grams', 'line_weight'],
  ['Lineitem price', 'line_price'],
  ['Lineitem barcode', 'line_barcode'],
];

/** Financial states whose orders are shipped now: paid, or paid by the card's authorisation. */
const PAID = new Set(['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'AUTHORIZED']);

const str = (value: string | null | undefined) => (value ?? '').trim();

/** A weight in grams from Shopify's measurement (GRAMS, KILOGRAMS, OUNCES, POUNDS); '' when unknown. */
function grams(weight: { unit?: string; value?: number } | null | undefined): string {
  if (!weight || typeof weight.value !== 'number' || !(weight.value > 0)) return '';
  const factor: Record<string, number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };
  const f = factor[weight.unit ?? 'GRAMS'];
  return f ? String(Math.round(weight.value * f)) : '';
}

/**
 * What the courier collects: with a cash-on-delivery gateway, what is still to pay (a gift card may have paid part:
 * `PARTIALLY_PAID` with a balance), or the total of an order not paid at all; nothing once nothing is due.
 */
function cashOnDelivery(order: ShopifyOrder, codWords: readonly string[]): string {
  if (!(order.paymentGatewayNames ?? []).some((gateway) => paymentKind(gateway, codWords) === 'cod')) return '';
  const due = Number(str(order.totalOutstandingSet?.shopMoney?.amount));
  if (Number.isFinite(due) && due > 0) return due.toFixed(2);
  if (PAID.has(str(order.displayFinancialStatus))) return '';
  const total = Number(str(order.totalPriceSet?.shopMoney?.amount));
  return Number.isFinite(total) && total > 0 ? total.toFixed(2) : '';
}

/** The cells Shopify's CSV export has for one order: the order's, then each item's. */
function cellsOf(order: ShopifyOrder, codWords: readonly string[]): { head: string[]; items: string[][] } {
  const a = order.shippingAddress ?? order.billingAddress ?? {};
  const name = str(a.name) || [str(a.firstName), str(a.lastName)].filter(Boolean).join(' ');
  const head = [
    str(order.name),
    str(a.company),
    name,
    str(a.address1),
    str(a.address2),
    str(a.zip),
    str(a.city),
    str(a.provinceCode),
    str(a.countryCodeV2),
    str(a.phone) || str(order.phone),
    str(order.email),
    str(order.note),
    cashOnDelivery(order, codWords),
  ];
  // What is left to send: a partly fulfilled order's shipped items are not packed again, removed ones never.
  const left = (item: NonNullable<NonNullable<ShopifyOrder['lineItems']>['nodes']>[number]) =>
    item.unfulfilledQuantity ?? item.currentQuantity ?? item.quantity ?? 0;
  const items = (order.lineItems?.nodes ?? []).filter((item) => left(item) > 0);
  return {
    head,
    items: items.map((item) => [
      str(item.sku),
      str(item.name),
      String(left(item)),
      grams(item.variant?.inventoryItem?.measurement?.weight),
      str(item.originalUnitPriceSet?.shopMoney?.amount),
      str(item.variant?.barcode),
    ]),
  };
}

/**
 * Whether the bench ships the order now: open (not cancelled, not archived), not fulfilled in the shop, and paid or
 * paid on delivery. An order that stops being so leaves the bench while it waits (cancelled, refunded, fulfilled by
 * hand in the shop); one awaiting a bank transfer comes in once it is paid.
 */
export function shipsNow(order: ShopifyOrder, codWords: readonly string[]): boolean {
  if (order.cancelledAt || order.closed) return false;
  const fulfilment = str(order.displayFulfillmentStatus);
  if (fulfilment === 'FULFILLED' || fulfilment === 'RESTOCKED') return false;
  const financial = str(order.displayFinancialStatus);
  if (PAID.has(financial)) return true;
  const cod = (order.paymentGatewayNames ?? []).some((gateway) => paymentKind(gateway, codWords) === 'cod');
  return financial === 'PENDING' && cod;
}

const SHOPIFY_EXPORT: ShopExport<ShopifyOrder> = {
  columns: COLUMNS,
  id: (order) => order.id,
  updatedAt: (order) => str(order.updatedAt),
  shipsNow,
  cells: cellsOf,
  issue: (order, read) =>
    order.lineItems?.pageInfo?.hasNextPage ? otherIssue(tooManyLinesRead(read.draft.orderRef)) : undefined,
};

/** One page of Shopify's orders, each as the bench takes it in. */
export const shopifyOrdersIn = (
  orders: readonly ShopifyOrder[],
  options: { clientId: number; codWords?: readonly string[] },
): ShopOrderIn[] => readShopOrders(SHOPIFY_EXPORT, orders, options);
