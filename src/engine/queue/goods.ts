// A stored order's rows as its shipment's goods lines (`dettagli_ordine`), and, for an order leaving the EU customs
// territory, what customs would lack, said in the order's own field names before any courier is asked: whoever fixes
// the order (PATCH Orders) reads what to add, never a courier's "no courier" about a shipment nobody wrote.
import { MSG } from '../../shared/api/messages';
import type { OrderRow } from '../../shared/api/orders';
import { parseCreateShipment } from '../../shared/api/shipmentRequest';
import { outsideEuCustoms } from '../../shared/domain/customs';
import { linesNetWeight, linesValue } from '../../shared/domain/customsLines';
import { withSender } from '../../shared/domain/senderProfile';
import { exportDataRefusal } from '../couriers/check';
import type { EngineContext } from '../context';

/** One goods line as POST Shipment takes it; value and weight left out when the row has none. */
export interface GoodsLine {
  sku: string;
  description: string;
  qty: number;
  hs_code: string;
  origine: string;
  prezzo_singolo?: number;
  peso_riga?: number;
}

export interface OrderGoods {
  lines: GoodsLine[];
  /** The order's customs value; none given: the lines' total once every line has its unit value (else 0). */
  valoreDoganale: number;
}

const cents = (value: number) => Math.round(value * 100);

/**
 * A row's unit value: its own; an order of one row without one, its customs value over the row's pieces when that
 * gives the value back to the cent (one kind of item, so the average is each piece's value). Rows of different items
 * are never given a share of the customs value: customs would read invented unit prices.
 */
function unitValue(row: OrderRow, rows: readonly OrderRow[], customsValue: number): number | undefined {
  if (row.prezzo_singolo !== undefined && row.prezzo_singolo > 0) return row.prezzo_singolo;
  if (rows.length !== 1 || !(customsValue > 0) || !(row.qty > 0)) return undefined;
  const each = Math.round((customsValue / row.qty) * 100) / 100;
  return cents(each * row.qty) === cents(customsValue) ? each : undefined;
}

export function orderGoods(rows: readonly OrderRow[], customsValue: number): OrderGoods {
  const lines = rows.map((row): GoodsLine => {
    const price = unitValue(row, rows, customsValue);
    return {
      sku: row.sku,
      description: row.description,
      qty: row.qty,
      hs_code: row.hs_code,
      origine: row.country_of_origin,
      ...(price !== undefined ? { prezzo_singolo: price } : {}),
      ...(row.peso_riga !== undefined && row.peso_riga > 0 ? { peso_riga: row.peso_riga } : {}),
    };
  });
  const priced = lines.length > 0 && lines.every((l) => l.prezzo_singolo !== undefined);
  const total = priced
    ? linesValue(lines.map((l) => ({ ...l, prezzo_singolo: l.prezzo_singolo ?? 0, peso_riga: 0 })))
    : 0;
  return { lines, valoreDoganale: customsValue > 0 ? customsValue : total };
}

/** What a row lacks for customs, in the order's field names ('riga 2 (MIELE-500): valore unitario (prezzo_singolo)') */
function rowGaps(line: GoodsLine, index: number): string | undefined {
  const missing = [
    line.description.trim() === '' ? 'descrizione (description)' : '',
    line.hs_code.trim() === '' ? 'codice HS (hs_code)' : '',
    line.prezzo_singolo === undefined ? 'valore unitario (prezzo_singolo)' : '',
    line.peso_riga === undefined ? 'peso netto della riga (peso_riga)' : '',
  ].filter(Boolean);
  if (missing.length === 0) return undefined;
  return `riga ${index + 1}${line.sku ? ` (${line.sku})` : ''}: ${missing.join(', ')}`;
}

/**
 * Why the order cannot leave the EU customs territory as it is stored (undefined: it can, or it stays inside): first
 * what is missing (each row's, the invoice, the sender's EORI at this service), then what customs would refuse of
 * what is there (an HS code that is not one, lines that do not add up to the customs value), as every courier says it.
 */
export function customsRefusal(
  ctx: Pick<EngineContext, 'senders' | 'invoiceNumbering'>,
  body: Record<string, unknown>,
  goods: OrderGoods,
): string | undefined {
  // Read first from the body as built: an order inside the EU is not parsed twice.
  if (!outsideEuCustoms(String(body.rcpt_country_code ?? ''), String(body.rcpt_cap ?? ''))) return undefined;
  const parsed = parseCreateShipment(body);
  // A body create refuses anyway: its own 400 says why.
  if (!parsed.ok) return undefined;
  const input = withSender(parsed.value, ctx.senders.get(parsed.value.client_id)?.profile);
  const gaps =
    goods.lines.length === 0 ? [MSG.orderRowsMissing] : goods.lines.flatMap((line, i) => rowGaps(line, i) ?? []);
  if (!ctx.invoiceNumbering && (input.invoice_number.trim() === '' || input.invoice_date === ''))
    gaps.push(MSG.orderInvoiceMissing);
  if (input.sender_eori.trim() === '') gaps.push(MSG.orderSenderEoriMissing(input.client_id));
  if (gaps.length > 0) return MSG.orderCustomsMissing(input.rcpt_country_code, input.rcpt_cap, gaps);
  const net = linesNetWeight(goods.lines.map((l) => ({ ...l, prezzo_singolo: 0, peso_riga: l.peso_riga ?? 0 })));
  if (net > input.peso + 0.0005) return MSG.orderNetOverWeight(input.peso, net);
  // The station numbers the invoice itself (a bench's own engine): the courier's check runs after it has.
  if (ctx.invoiceNumbering && input.invoice_number.trim() === '') return undefined;
  const refused = exportDataRefusal(input);
  return refused.ok ? undefined : refused.reason;
}
