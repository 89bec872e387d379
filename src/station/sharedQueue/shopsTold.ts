// This bench's shop orders that another bench of the shared queue shipped: the shop is told as for a shipment made
// here, with the waybill of the hub's shipment (read through the remote client, its deadline and size cap). What the
// hub does not answer now is asked again on a later pass; a shop order is told once (the engine keeps that).
import type { Caller, SharedQueuePort } from '../../engine/index';
import type { RemoteClient } from '../../sync/types';

/** Shop orders looked at in one pass: each costs a GET of the budget the benches of a key share. */
const PER_PASS = 20;

export interface ShopsToldHost {
  caller: Caller;
  queue: SharedQueuePort;
  remote: RemoteClient;
  bench: string;
}

/** False when the hub did not answer (the rest wait for the next pass). */
export async function tellShopsOfElsewhere(host: ShopsToldHost): Promise<boolean> {
  const owed = host.queue.owedToShops(host.caller, host.bench, PER_PASS);
  const byClient = new Map<number, string[]>();
  for (const order of owed) byClient.set(order.clientId, [...(byClient.get(order.clientId) ?? []), order.orderRef]);
  for (const [clientId, refs] of byClient) {
    const read = await host.remote.queue.ordersByRef(clientId, refs);
    if (read.kind !== 'ok') return false;
    for (const order of read.body) {
      if (order.client_id !== clientId || !refs.includes(order.order_ref)) continue;
      if (order.shipment_id <= 0 || order.platform === host.bench) continue;
      const shipment = await host.remote.getShipment(order.shipment_id);
      if (shipment.kind !== 'ok') return false;
      host.queue.shippedElsewhere(host.caller, order.order_ref, shipment.body);
    }
  }
  return true;
}
