// WooCommerce's orders as the bench's waiting orders, by the same rules as a WooCommerce "Order Export" file: each
// order becomes the rows its export would have (one per item), with the export's own column names, and the order
// files' reader makes the drafts. The shipping address, or the billing one when the order has none (a virtual
// product's checkout skips it); cash on delivery from the payment method, what the order totals, while it is unpaid.
import { paymentKind } from '../../orderFiles/paymentMethod';
import type { ShopOrderIn } from '../../engine/index';
import type { ColumnEntry } from '../../shared/domain/orderColumns';
import { readShopOrders, type ShopExport } from '../exportRows';
import type { WooCommerceAddress, WooCommerceOrder } from './types';

const COLUMNS: readonly (readonly [string, ColumnEntry])[] = [
  ['Order Number', 'order_ref'],
  ['Shipping Company', 'rcpt_company'],
  ['Shipping Name', 'rcpt_name'],
  // The checkout asks the company on the billing side: kept when the parcel goes to the person who bills.
  ['Billing Company', { fallback: 'rcpt_company' }],
  ['Billing Name', { fallback: 'rcpt_name' }],
  ['Shipping Address 1', 'rcpt_addr'],
  ['Shipping Address 2', 'rcpt_addr2'],
  ['Shipping Postcode', 'rcpt_cap'],
  ['Shipping City', 'rcpt_city'],
  ['Shipping State', 'rcpt_prov'],
  ['Shipping Country', 'rcpt_country_code'],
  ['Phone', 'rcpt_phone'],
  ['Email', 'rcpt_email'],
  ['Customer Note', 'note'],
  ['Cash on Delivery', 'contrassegno'],
  ['SKU', 'line_sku'],
  ['Item Name', 'line_description'],
  ['Quantity', 'line_qty'],
  ['Item Cost', 'line_price'],
];

const str = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/** Whether an address was filled in: WooCommerce sends every field, empty when the checkout skipped it. */
const filled = (a: WooCommerceAddress | undefined) =>
  !!a && [a.address_1, a.postcode, a.city].some((v) => str(v) !== '');

/** Processing: paid, or cash on delivery (WooCommerce's own gateway leaves such orders processing). */
export function shipsNow(order: WooCommerceOrder): boolean {
  return str(order.status) === 'processing';
}

function cashOnDelivery(order: WooCommerceOrder, codWords: readonly string[]): string {
  if (str(order.date_paid) !== '') return '';
  const cod = str(order.payment_method) === 'cod' || paymentKind(str(order.payment_method_title), codWords) === 'cod';
  const total = Number(str(order.total));
  return cod && Number.isFinite(total) && total > 0 ? total.toFixed(2) : '';
}

/** The cells WooCommerce's export has for one order: the order's, then each item's. */
function cellsOf(order: WooCommerceOrder, codWords: readonly string[]): { head: string[]; items: string[][] } {
  const a = filled(order.shipping) ? order.shipping : order.billing;
  const nameOf = (b: WooCommerceAddress | undefined) =>
    [str(b?.first_name), str(b?.last_name)].filter(Boolean).join(' ');
  const head = [
    str(order.number) || str(order.id),
    str(a?.company),
    nameOf(a),
    str(order.billing?.company),
    nameOf(order.billing),
    str(a?.address_1),
    str(a?.address_2),
    str(a?.postcode),
    str(a?.city),
    str(a?.state),
    str(a?.country),
    str(order.shipping?.phone) || str(order.billing?.phone),
    str(order.billing?.email),
    str(order.customer_note),
    cashOnDelivery(order, codWords),
  ];
  const items = (order.line_items ?? []).filter((item) => Number(item.quantity) > 0);
  return {
    head,
    items: items.map((item) => [str(item.sku), str(item.name), str(item.quantity), itemCost(item)]),
  };
}

/** One piece's price, as the export's "Item Cost": the item's price, else its line subtotal ÷ quantity. */
function itemCost(item: NonNullable<WooCommerceOrder['line_items']>[number]): string {
  const price = Number(str(item.price));
  if (str(item.price) !== '' && Number.isFinite(price) && price > 0) return String(price);
  const each = Number(str(item.subtotal)) / Number(item.quantity);
  return Number.isFinite(each) && each > 0 ? String(Math.round(each * 100) / 100) : '';
}

const WOOCOMMERCE_EXPORT: ShopExport<WooCommerceOrder> = {
  columns: COLUMNS,
  id: (order) => str(order.id),
  updatedAt: (order) => str(order.date_modified_gmt),
  shipsNow,
  cells: cellsOf,
};

/** One page of WooCommerce's orders, each as the bench takes it in. */
export const woocommerceOrdersIn = (
  orders: readonly WooCommerceOrder[],
  options: { clientId: number; codWords?: readonly string[] },
): ShopOrderIn[] => readShopOrders(WOOCOMMERCE_EXPORT, orders, options);
