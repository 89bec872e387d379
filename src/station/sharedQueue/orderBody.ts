// An order between the bench's form fields and the hub's queue (aggregator-facts.md, "Orders"): what POST Orders is
// sent for an order taken in at this bench, and the draft a waiting order of the hub becomes at every bench.
import { outsideEuCustoms } from '../../shared/domain/customs';
import { hsDigits, linesValue } from '../../shared/domain/customsLines';
import { amountOf, linesOfOrder } from '../../shared/domain/goodsLinesForm';
import { UNIT_VALUE_MAX, type OrderDraft, type OrderLine } from '../../shared/domain/orders';
import { skuKey, type Product } from '../../shared/domain/products';
import type { QueueOrder } from '../../sync/types';

/** The hub takes an invoice date as `YYYY-MM-DD` or none. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const amount = (text: string | undefined): number => {
  const n = Number((text ?? '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : 0;
};

/** What POST Orders is sent of an order kept at this bench. */
interface BenchOrder {
  clientId: number;
  orderRef: string;
  values: Record<string, string>;
  lines: readonly OrderLine[];
}

/** The SKUs an order's lines name: the products to look up for its rows. */
export const skusOf = (order: Pick<BenchOrder, 'lines'>): string[] =>
  order.lines.flatMap((line) => (line.sku ? [line.sku] : []));

const COUNTRY = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The rows with every customs fact this bench knows (the order's own price and piece weight, else the product
 * list's; the HS code and origin from the product list), each only when known: `prezzo_singolo` and `peso_riga` are
 * the aggregator's own names for a goods line's unit value and line weight, which a queue that does not know them
 * leaves aside. An order leaving the EU customs territory declares the product's customs description (English, as
 * the form's lines do); any other keeps the shop's. Also the customs value: the order's, else the lines' total.
 */
function customsRows(order: BenchOrder, products: readonly Product[], abroad: boolean) {
  const known = new Map(products.map((p) => [skuKey(p.sku), p]));
  const goods = linesOfOrder(order.lines, known);
  const rows = order.lines.map((line, i) => {
    const g = goods[i];
    const price = amountOf(g?.prezzo_singolo ?? '');
    const weight = amountOf(g?.peso_riga ?? '');
    const hs = hsDigits(g?.hs_code ?? '');
    const origin = (g?.origine ?? '').trim().toUpperCase();
    return {
      sku: line.sku ?? '',
      description: abroad && g?.description ? g.description : line.description,
      qty: line.qty,
      ...(hs !== '' ? { hs_code: hs } : {}),
      ...(COUNTRY.test(origin) ? { country_of_origin: origin } : {}),
      ...(price > 0 ? { prezzo_singolo: price } : {}),
      ...(weight > 0 ? { peso_riga: weight } : {}),
    };
  });
  const priced = rows.length > 0 && rows.every((r) => r.prezzo_singolo !== undefined);
  const customsValue =
    amount(order.values.valore_doganale) ||
    (priced ? linesValue(rows.map((r) => ({ qty: r.qty, prezzo_singolo: r.prezzo_singolo ?? 0 }))) : 0);
  return { rows, customsValue };
}

/**
 * POST Orders' body: the starred fields always sent (empty when the order has none: the hub says what is missing),
 * and the customs facts this bench knows of its lines (`products`: the product list's for the lines' SKUs).
 */
export function orderBody(order: BenchOrder, products: readonly Product[] = []): Record<string, unknown> {
  const v = order.values;
  const country = (v.rcpt_country_code || 'IT').toUpperCase();
  const { rows, customsValue } = customsRows(order, products, outsideEuCustoms(country, v.rcpt_cap ?? ''));
  const currency = (v.valuta ?? '').trim().toUpperCase();
  const address = [v.rcpt_addr, v.rcpt_addr2].filter((part) => part && part.trim() !== '').join(' ');
  return {
    client_id: order.clientId,
    order_ref: order.orderRef,
    name: v.rcpt_name ?? '',
    address,
    zip: v.rcpt_cap ?? '',
    city: v.rcpt_city ?? '',
    province: v.rcpt_prov ?? '',
    country,
    phone: v.rcpt_phone ?? '',
    email: v.rcpt_email ?? '',
    cod: amount(v.contrassegno),
    notes: v.note ?? '',
    // The shop's own invoice, when its order gave one: the hub's shipment keeps it (never renumbered).
    ...(v.invoice_number?.trim()
      ? {
          invoice_number: v.invoice_number.trim(),
          invoice_date: ISO_DAY.test(v.invoice_date ?? '') ? v.invoice_date : '',
        }
      : {}),
    // The customs value in the bench's currency (its shipments' `valuta`, EUR unless the order says another).
    ...(customsValue > 0 ? { customs_value: customsValue, currency: CURRENCY.test(currency) ? currency : 'EUR' } : {}),
    rows,
  };
}

/** A field of the hub's order as text: trimmed, a number written out, anything else empty. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A hub's order as the bench keeps it waiting: its address into the form's fields, its rows into lines. */
export function draftOf(order: QueueOrder): OrderDraft {
  const f = order.fields;
  const values: Record<string, string> = {
    rcpt_name: textOf(f.name),
    rcpt_addr: textOf(f.address),
    rcpt_cap: textOf(f.zip),
    rcpt_city: textOf(f.city),
    rcpt_prov: textOf(f.province).toUpperCase(),
    rcpt_country_code: textOf(f.country).toUpperCase() || 'IT',
    rcpt_phone: textOf(f.phone),
    rcpt_email: textOf(f.email),
  };
  const cod = Number(f.cod);
  if (Number.isFinite(cod) && cod > 0) values.contrassegno = String(cod);
  if (textOf(f.notes) !== '') values.note = textOf(f.notes);
  if (textOf(f.invoice_number) !== '') values.invoice_number = textOf(f.invoice_number);
  if (textOf(f.invoice_date) !== '') values.invoice_date = textOf(f.invoice_date);
  const rows = Array.isArray(f.rows) ? (f.rows as unknown[]) : [];
  const lines = rows.flatMap((row): OrderLine[] => {
    const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    const qty = Number(r.qty);
    const description = textOf(r.description) || textOf(r.sku);
    if (description === '' || !Number.isFinite(qty) || qty <= 0) return [];
    // The row's customs facts as the bench's line has them: one piece's value and weight (its slip, its check), the
    // HS code and origin (the form's goods lines, as the hub will declare them).
    const price = Number(r.prezzo_singolo);
    const pieceKg = Math.round((Number(r.peso_riga) / qty) * 1000) / 1000;
    const hsCode = hsDigits(textOf(r.hs_code));
    const origin = textOf(r.country_of_origin).toUpperCase();
    return [
      {
        ...(textOf(r.sku) ? { sku: textOf(r.sku).slice(0, 60) } : {}),
        description: description.slice(0, 200),
        qty,
        ...(price > 0 && price <= UNIT_VALUE_MAX ? { unitValue: price } : {}),
        ...(pieceKg > 0 ? { weightKg: pieceKg } : {}),
        ...(hsCode !== '' && hsCode.length <= 20 ? { hsCode } : {}),
        ...(COUNTRY.test(origin) ? { origin } : {}),
      },
    ];
  });
  return { line: 0, clientId: order.client_id, orderRef: order.order_ref, values, lines };
}
