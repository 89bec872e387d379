// PrestaShop's orders as the bench's waiting orders, by the same rules as the order files and the other platforms:
// each order becomes rows (one per order row), named by the Webservice's own fields, and the order files' reader makes
// the drafts. The delivery address, the invoice one's company when the delivery has none; cash on delivery from the
// payment module or its name, what the order totals, while no paid state was reached.
import { paymentKind } from '../../orderFiles/paymentMethod';
import type { ShopOrderIn } from '../../engine/index';
import type { ColumnEntry } from '../../shared/domain/orderColumns';
import { readShopOrders, type ShopExport } from '../exportRows';
import { str, type PrestaShopAddress, type PrestaShopOrder } from './types';

/** An order with what it refers to, as the client reads them beside it. */
export interface PrestaShopOrderRead {
  order: PrestaShopOrder;
  delivery?: PrestaShopAddress;
  invoice?: PrestaShopAddress;
  email: string;
  /** ISO codes of the delivery address's country and state (province). */
  country: string;
  province: string;
  /** The bench ships it now (its state is open: paid, or awaiting cash on delivery). */
  open: boolean;
  /** Its state was ever a paid one (cash on delivery is then no longer owed). */
  paid: boolean;
}

const COLUMNS: readonly (readonly [string, ColumnEntry])[] = [
  ['reference', 'order_ref'],
  ['company', 'rcpt_company'],
  ['name', 'rcpt_name'],
  // The company asked on the invoice address: kept when the parcel goes to the person who is invoiced.
  ['invoice company', { fallback: 'rcpt_company' }],
  ['invoice name', { fallback: 'rcpt_name' }],
  ['address1', 'rcpt_addr'],
  ['address2', 'rcpt_addr2'],
  ['postcode', 'rcpt_cap'],
  ['city', 'rcpt_city'],
  ['state', 'rcpt_prov'],
  ['country', 'rcpt_country_code'],
  ['phone', 'rcpt_phone'],
  ['email', 'rcpt_email'],
  ['message', 'note'],
  ['cash on delivery', 'contrassegno'],
  ['product_reference', 'line_sku'],
  ['product_name', 'line_description'],
  ['product_quantity', 'line_qty'],
  ['unit_price_tax_incl', 'line_price'],
  ['product_ean13', 'line_barcode'],
];

function cashOnDelivery(read: PrestaShopOrderRead, codWords: readonly string[]): string {
  if (read.paid) return '';
  const { order } = read;
  const cod = /cashondelivery/i.test(str(order.module)) || paymentKind(str(order.payment), codWords) === 'cod';
  const total = Number(str(order.total_paid_tax_incl) || str(order.total_paid));
  return cod && Number.isFinite(total) && total > 0 ? total.toFixed(2) : '';
}

function cellsOf(read: PrestaShopOrderRead, codWords: readonly string[]): { head: string[]; items: string[][] } {
  const { order, delivery: a, invoice } = read;
  const nameOf = (b: PrestaShopAddress | undefined) => [str(b?.firstname), str(b?.lastname)].filter(Boolean).join(' ');
  const head = [
    str(order.reference) || str(order.id),
    str(a?.company),
    nameOf(a),
    str(invoice?.company),
    nameOf(invoice),
    str(a?.address1),
    str(a?.address2),
    str(a?.postcode),
    str(a?.city),
    read.province,
    read.country,
    str(a?.phone_mobile) || str(a?.phone),
    read.email,
    str(a?.other) || str(order.gift_message),
    cashOnDelivery(read, codWords),
  ];
  const rows = (order.associations?.order_rows ?? []).filter((row) => Number(str(row.product_quantity)) > 0);
  return {
    head,
    items: rows.map((row) => [
      str(row.product_reference),
      str(row.product_name),
      str(row.product_quantity),
      str(row.unit_price_tax_incl) || str(row.product_price),
      str(row.product_ean13) || str(row.product_upc),
    ]),
  };
}

const PRESTASHOP_EXPORT: ShopExport<PrestaShopOrderRead> = {
  columns: COLUMNS,
  id: (read) => str(read.order.id),
  updatedAt: (read) => str(read.order.date_upd),
  shipsNow: (read) => read.open,
  cells: cellsOf,
};

/** One page of PrestaShop's orders, each as the bench takes it in. */
export const prestashopOrdersIn = (
  orders: readonly PrestaShopOrderRead[],
  options: { clientId: number; codWords?: readonly string[] },
): ShopOrderIn[] => readShopOrders(PRESTASHOP_EXPORT, orders, options);
