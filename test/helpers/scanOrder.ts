// An order scanned at the bench and saved to its label through the command table, as the packing screen does: found
// by its reference, its values sent with the form's sticky courier and a weighed parcel, linked to the shipment.
import type { Dispatcher } from '../../src/station/dispatch';
import type { WaitingOrder } from '../../src/shared/domain/orders';
import { commandValue } from './stationCommands';

/** The new-shipment form's sticky fields at a bench shipping small parcels as ZPL labels. */
export const BENCH_STICKY = {
  corriere: 70,
  servizio: 1,
  merce: 'Articoli',
  origine: 'IT',
  volume: 0,
  labelType: 'ZPL',
};

/** What the bench's save sends for a scanned order: its values, the form's sticky courier, one parcel of `peso` kg. */
export const benchBody = (order: WaitingOrder, peso: number) => ({
  rcpt_country_code: 'IT',
  ...order.values,
  client_id: order.clientId,
  ddt_alpha: order.orderRef,
  colli: 1,
  peso,
  ...BENCH_STICKY,
});

/** Scans `reference` and saves it; answers the shipment's id. */
export async function scanOrder(dispatch: Dispatcher['dispatch'], reference: string, peso = 1): Promise<number> {
  const { order } = commandValue<{ order: WaitingOrder | null }>(await dispatch('orders.find', { reference }));
  if (!order) throw new Error(`order ${reference} not waiting`);
  const body = benchBody(order, peso);
  return commandValue<{ id: number }>(await dispatch('shipments.create', { body, orderId: order.id })).id;
}
