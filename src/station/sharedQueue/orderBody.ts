// An order between the bench's form fields and the hub's queue (aggregator-facts.md, "Orders"): what POST Orders is
// sent for an order taken in at this bench, and the draft a waiting order of the hub becomes at every bench.
import type { OrderDraft, OrderLine } from '../../shared/domain/orders';
import type { QueueOrder } from '../../sync/types';

/** The hub takes an invoice date as `YYYY-MM-DD` or none. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const amount = (text: string | undefined): number => {
  const n = Number((text ?? '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : 0;
};

/** POST Orders' body: the starred fields always sent (empty when the order has none: the hub says what is missing). */
export function orderBody(order: {
  clientId: number;
  orderRef: string;
  values: Record<string, string>;
  lines: readonly OrderLine[];
}): Record<string, unknown> {
  const v = order.values;
  const address = [v.rcpt_addr, v.rcpt_addr2].filter((part) => part && part.trim() !== '').join(' ');
  return {
    client_id: order.clientId,
    order_ref: order.orderRef,
    name: v.rcpt_name ?? '',
    address,
    zip: v.rcpt_cap ?? '',
    city: v.rcpt_city ?? '',
    province: v.rcpt_prov ?? '',
    country: v.rcpt_country_code || 'IT',
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
    rows: order.lines.map((line) => ({ sku: line.sku ?? '', description: line.description, qty: line.qty })),
  };
}

const textOf = (value: unknown): string =>
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
    return [
      { ...(textOf(r.sku) ? { sku: textOf(r.sku).slice(0, 60) } : {}), description: description.slice(0, 200), qty },
    ];
  });
  return { line: 0, clientId: order.client_id, orderRef: order.order_ref, values, lines };
}
