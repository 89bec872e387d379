// A scan that claims an order at the hub (OrderToShipment) before any label: the claim is kept before it is asked, so
// an answer lost (offline, a kill) is resolved by reading the order back, never by asking again; the shipment the hub
// made is stored here as the hub's and prints as any label made. A refusal names the bench that has the order.
import type { Caller, Claim, Engine, SharedQueuePort } from '../../engine/index';
import { QUEUE_SOURCE } from '../../engine/index';
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { isGoodRemoteStatus } from '../../shared/domain/states';
import type { Log } from '../../shared/log';
import type { RemoteClient } from '../../sync/types';
import { readyAtHub } from './invoiceAtHub';
import { orderBody, skusOf } from './orderBody';
import { QUEUE_MSG } from './messages';
import { SETTING_KEYS } from '../settings/keys';

export interface ClaimHost {
  engine: Engine;
  caller: Caller;
  queue: SharedQueuePort;
  remote: RemoteClient;
  /** This bench's name at the hub (OrderToShipment's `platform`). */
  bench: string;
  ordersChanged(): void;
  log: Log;
}

/** How a claim kept here ended after the hub was asked or read. */
export type Resolved =
  | { kind: 'adopted'; shipmentId: number }
  | { kind: 'taken'; bench: string; remoteShipment: number }
  | { kind: 'dropped'; error?: string }
  /** Still not known (the hub did not answer): the claim stays, read back later. */
  | { kind: 'unknown'; error: string };

type Labels = { zpl: string[]; pdf: string[]; jpg: string[] };
const labelCount = (r: ShipmentRecord) => r.label_zpl.length + r.label_pdf.length + r.label_jpg.length;

/** The hub's shipment `id` stored here for the claim (or for an order the hub says this bench claimed). */
export async function adoptShipment(
  host: ClaimHost,
  made: { remoteId: number; orderRef: string; claimId?: number; labels?: Labels },
): Promise<Resolved> {
  const read = await host.remote.getShipment(made.remoteId);
  if (read.kind !== 'ok') return { kind: 'unknown', error: read.error };
  let record = read.body;
  // The labels the claim answered are the shipment's: the hub may store them a moment after it answers.
  if (labelCount(record) === 0 && made.labels)
    record = { ...record, label_zpl: made.labels.zpl, label_pdf: made.labels.pdf, label_jpg: made.labels.jpg };
  // A good shipment without labels yet is taken once it has them (read again later), never stored unprintable.
  if (labelCount(record) === 0 && isGoodRemoteStatus(record.status))
    return { kind: 'unknown', error: QUEUE_MSG.labelsPending(made.orderRef) };
  const shipmentId = host.queue.adopt(host.caller, {
    ...(made.claimId !== undefined ? { claimId: made.claimId } : {}),
    record,
    orderRef: made.orderRef,
    bench: host.bench,
  });
  host.ordersChanged();
  return { kind: 'adopted', shipmentId };
}

/**
 * A claim whose answer never came, resolved from the order as the hub has it now: claimed by this bench → its
 * shipment taken; by another → shown as that bench's; still waiting (or unknown to the hub) → nothing was made.
 */
export async function readBack(host: ClaimHost, claim: Claim): Promise<Resolved> {
  const found = await host.remote.queue.ordersByRef(claim.clientId, [claim.orderRef]);
  if (found.kind !== 'ok') return { kind: 'unknown', error: found.error };
  const order = found.body.find((o) => o.order_ref === claim.orderRef && o.client_id === claim.clientId);
  if (order && order.shipment_id > 0) {
    if (order.platform === host.bench)
      return adoptShipment(host, { remoteId: order.shipment_id, orderRef: claim.orderRef, claimId: claim.id });
    host.queue.drop(host.caller, claim.id);
    if (host.queue.claimedAt(host.caller, claim.clientId, claim.orderRef, order.platform || '?')) host.ordersChanged();
    return { kind: 'taken', bench: order.platform, remoteShipment: order.shipment_id };
  }
  host.queue.drop(host.caller, claim.id);
  return { kind: 'dropped' };
}

/** An order taken in here that the hub has not been given yet is posted first: the claim names it there. */
async function postedFirst(host: ClaimHost, orderId: number): Promise<string | undefined> {
  const order = host.engine.orders.get(host.caller, orderId);
  if (!order || order.source === QUEUE_SOURCE || host.queue.isPosted(host.caller, orderId)) return undefined;
  const products = host.engine.products.lookup(host.caller, skusOf(order));
  const posted = await host.remote.queue.postOrder(orderBody(order, products));
  if (posted.kind === 'ok') {
    host.queue.posted(host.caller, orderId, posted.body?.id);
    return undefined;
  }
  return posted.kind === 'rejected'
    ? QUEUE_MSG.postRefused(order.orderRef, posted.error)
    : QUEUE_MSG.offline(order.orderRef);
}

function said(resolved: Resolved, orderRef: string): Result<{ id: number }> {
  switch (resolved.kind) {
    case 'adopted':
      return ok({ id: resolved.shipmentId });
    case 'taken':
      return fail('refused', QUEUE_MSG.taken(orderRef, resolved.bench, resolved.remoteShipment));
    case 'dropped':
      return fail('refused', resolved.error ?? QUEUE_MSG.notAtHub(orderRef));
    case 'unknown':
      return fail('refused', QUEUE_MSG.answerLost(orderRef));
  }
}

/** Claims in flight here: the queue worker leaves them to the scan that asked. */
export type InFlight = Set<number>;

/** The scan's claim of a waiting order: its shipment here, or why not (nothing printed). */
export async function claimOrder(
  host: ClaimHost,
  inFlight: InFlight,
  orderId: number,
  parcels: { packages: number; weight: number },
): Promise<Result<{ id: number }>> {
  const order = host.engine.orders.get(host.caller, orderId);
  if (!order) return fail('not_found', QUEUE_MSG.noOrder);
  if (order.state !== 'waiting')
    return fail(
      'refused',
      order.bench ? QUEUE_MSG.shippedBy(order.orderRef, order.bench) : QUEUE_MSG.shipped(order.orderRef),
    );
  const notPosted = await postedFirst(host, orderId);
  if (notPosted) return fail('refused', notPosted);
  const notReady = await readyAtHub(host, order);
  if (notReady) return fail('refused', notReady);
  const kept = host.queue.beginClaim(host.caller, { clientId: order.clientId, orderRef: order.orderRef, ...parcels });
  if (inFlight.has(kept.claim.id)) return fail('refused', QUEUE_MSG.inFlight(order.orderRef));
  inFlight.add(kept.claim.id);
  try {
    // Asked before and never answered: read back, never asked again.
    if (!kept.fresh) return said(await readBack(host, kept.claim), order.orderRef);
    const answer = await host.remote.queue.claim({
      client_id: order.clientId,
      order_ref: order.orderRef,
      packages: parcels.packages,
      weight: parcels.weight,
      platform: host.bench,
      // The bench's own label format: the hub renders only what this bench prints.
      labelType: host.engine.settings.get(SETTING_KEYS.labelFormat) === 'PDF' ? 'PDF' : 'ZPL',
    });
    if (answer.kind === 'made') {
      const remoteId = answer.shipmentId;
      if (remoteId === undefined) return said(await readBack(host, kept.claim), order.orderRef);
      const made = { remoteId, orderRef: order.orderRef, claimId: kept.claim.id, labels: answer.labels };
      return said(await adoptShipment(host, made), order.orderRef);
    }
    if (answer.kind === 'refused') {
      // Refused as this bench's already (a claim whose answer was lost, asked again elsewhere here): take it.
      if (answer.bench === host.bench && answer.shipmentId !== undefined)
        return said(
          await adoptShipment(host, { remoteId: answer.shipmentId, orderRef: order.orderRef, claimId: kept.claim.id }),
          order.orderRef,
        );
      host.queue.drop(host.caller, kept.claim.id);
      if (answer.bench && host.queue.claimedAt(host.caller, order.clientId, order.orderRef, answer.bench))
        host.ordersChanged();
      return answer.bench
        ? said({ kind: 'taken', bench: answer.bench, remoteShipment: answer.shipmentId ?? 0 }, order.orderRef)
        : fail('refused', QUEUE_MSG.refused(order.orderRef, answer.error));
    }
    if (answer.kind === 'rejected') {
      host.queue.drop(host.caller, kept.claim.id);
      return fail('refused', QUEUE_MSG.refused(order.orderRef, answer.error));
    }
    // Never left this machine: nothing can have been made, the order may be claimed again once the hub is back.
    if (answer.kind === 'unknown' && !answer.sent) {
      host.queue.drop(host.caller, kept.claim.id);
      return fail('refused', QUEUE_MSG.offline(order.orderRef));
    }
    host.log.warn(`presa dell'ordine ${order.orderRef} senza risposta dall'hub: ${answer.error}`);
    return fail('refused', QUEUE_MSG.answerLost(order.orderRef));
  } finally {
    inFlight.delete(kept.claim.id);
  }
}
