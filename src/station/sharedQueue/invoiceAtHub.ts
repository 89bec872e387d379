// The hub makes a claimed order's shipment from its own copy of the order, so an order leaving the EU customs territory
// is completed there before the claim, in one PATCH: with goods and no invoice number of the shop's it is given this
// bench's number (its series), and rows lacking customs facts get this bench's products' (customsAtHub.ts). The
// shipment, its invoice and every bench then name the one number and read the same lines; the shop's own always wins.
import type { WaitingOrder } from '../../shared/domain/orders';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { Caller, Engine } from '../../engine/index';
import type { QueueRemote } from '../../sync/types';
import { customsPatch } from './customsAtHub';
import { QUEUE_MSG } from './messages';
import { textOf } from './orderBody';

/** What completing the order at the hub needs of the claim's host (claim.ts's ClaimHost has it). */
interface NumberingHost {
  engine: Pick<Engine, 'takeInvoiceNumber' | 'products'>;
  caller: Caller;
  remote: { queue: Pick<QueueRemote, 'ordersByRef' | 'amendOrder'> };
}

const skusOfRows = (rows: unknown): string[] =>
  Array.isArray(rows)
    ? rows.flatMap((r: unknown) => {
        const sku = typeof r === 'object' && r !== null ? textOf((r as Record<string, unknown>).sku) : '';
        return sku ? [sku] : [];
      })
    : [];

/**
 * Before a claim: undefined when the order needs nothing (no goods, inside the EU, nothing this bench can add) or
 * now has at the hub this bench's number and its products' facts; else why not (no series on a bench sharing the
 * numbering, the hub refusing). A number taken for an order another bench then claims stays given: a gap, never a
 * number twice.
 */
export async function readyAtHub(host: NumberingHost, order: WaitingOrder): Promise<string | undefined> {
  // No goods lines, no invoice (as for a parcel made here): a documents-only order takes no number.
  if (order.lines.length === 0) return undefined;
  if (!outsideEuCustoms(order.values.rcpt_country_code ?? '', order.values.rcpt_cap ?? '')) return undefined;
  const found = await host.remote.queue.ordersByRef(order.clientId, [order.orderRef]);
  // Unreachable: the claim says so itself, nothing is taken here.
  if (found.kind !== 'ok') return undefined;
  const hub = found.body.find((o) => o.order_ref === order.orderRef && o.client_id === order.clientId);
  if (!hub || hub.shipment_id > 0) return undefined;
  if (!outsideEuCustoms(textOf(hub.fields.country).toUpperCase(), textOf(hub.fields.zip))) return undefined;
  const goods = customsPatch(hub.fields, host.engine.products.lookup(host.caller, skusOfRows(hub.fields.rows)));
  let numbered: { invoice_number: string; invoice_date: string } | undefined;
  if (textOf(hub.fields.invoice_number) === '') {
    const taken = host.engine.takeInvoiceNumber();
    if (!taken.ok) return taken.error;
    numbered = { invoice_number: taken.number, invoice_date: taken.date };
  }
  if (!goods && !numbered) return undefined;
  const amended = await host.remote.queue.amendOrder(hub.id, { ...goods, ...numbered });
  if (amended.kind === 'ok') return undefined;
  return numbered
    ? QUEUE_MSG.invoiceRefused(order.orderRef, numbered.invoice_number, amended.error)
    : QUEUE_MSG.customsRefused(order.orderRef, amended.error);
}
