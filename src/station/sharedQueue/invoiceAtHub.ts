// The hub makes a claimed order's shipment from its own copy of the order, so an order leaving the EU customs territory
// with goods and no invoice number of the shop's is given this bench's number (its series) on the hub's order before
// the claim: the shipment, its invoice and every bench then name the one number, and the shop's own always wins.
import type { WaitingOrder } from '../../shared/domain/orders';
import { outsideEuCustoms } from '../../shared/domain/customs';
import type { Engine } from '../../engine/index';
import type { QueueRemote } from '../../sync/types';
import { QUEUE_MSG } from './messages';

/** What numbering at the hub needs of the claim's host (claim.ts's ClaimHost has it). */
interface NumberingHost {
  engine: Pick<Engine, 'takeInvoiceNumber'>;
  remote: { queue: Pick<QueueRemote, 'ordersByRef' | 'amendOrder'> };
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/**
 * Before a claim: undefined when the order needs nothing (a number of its own, no goods, inside the EU) or now
 * has this bench's number at the hub; else why not (no series on a bench sharing the numbering, the hub refusing).
 * A number taken for an order another bench then claims stays given: a gap, never a number twice.
 */
export async function numberedAtHub(host: NumberingHost, order: WaitingOrder): Promise<string | undefined> {
  // No goods lines, no invoice (as for a parcel made here): a documents-only order takes no number.
  if (order.lines.length === 0 || order.values.invoice_number?.trim()) return undefined;
  const found = await host.remote.queue.ordersByRef(order.clientId, [order.orderRef]);
  // Unreachable: the claim says so itself, nothing is taken here.
  if (found.kind !== 'ok') return undefined;
  const hub = found.body.find((o) => o.order_ref === order.orderRef && o.client_id === order.clientId);
  if (!hub || hub.shipment_id > 0 || textOf(hub.fields.invoice_number) !== '') return undefined;
  if (!outsideEuCustoms(textOf(hub.fields.country).toUpperCase(), textOf(hub.fields.zip))) return undefined;
  const taken = host.engine.takeInvoiceNumber();
  if (!taken.ok) return taken.error;
  const amended = await host.remote.queue.amendOrder(hub.id, {
    invoice_number: taken.number,
    invoice_date: taken.date,
  });
  return amended.kind === 'ok' ? undefined : QUEUE_MSG.invoiceRefused(order.orderRef, taken.number, amended.error);
}
