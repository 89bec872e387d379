// A shipment made from the new-shipment form's request, as the form's save and a batch both make one: an order ships
// once, what its courier would refuse is answered (nothing stored), and the order's list learns of the change.
import type { Caller, Engine } from '../../engine/index';
import { fieldErrors } from '../../shared/api/shipmentRequest';
import { otherIssue } from '../../shared/api/fieldIssues';
import type { Weighing } from '../../shared/domain/weighings';
import type { PackingProof } from '../../shared/domain/packingProof';
import { fail, ok, type Result } from '../../shared/ipc/result';
import { ORDER_NOT_WAITING } from '../../engine/index';
import { DATABASE_SETTING_KEYS } from '../settings/keys';
import type { StationSharedQueue } from '../sharedQueue/index';
import { QUEUE_MSG } from '../sharedQueue/messages';

/** What making a shipment needs of the station (the Station itself satisfies it). */
export interface ShipOrderHost {
  engine: Engine;
  caller: Caller;
  ordersChanged(): void;
  /** On a shared order queue: an order is claimed at the hub, which makes its shipment (sharedQueue/claim.ts). */
  readonly sharedQueue?: Pick<StationSharedQueue, 'bench' | 'claim'> | undefined;
}

export async function shipFromRequest(
  host: ShipOrderHost,
  request: Record<string, unknown>,
  extras: {
    orderId?: number | undefined;
    weighings?: readonly Weighing[] | undefined;
    /** The item scans (and override) it was packed with, where its client checks items by scan. */
    packing?: PackingProof | undefined;
  },
): Promise<Result<{ id: number }>> {
  const { engine, caller } = host;
  const { orderId, weighings, packing } = extras;
  // An order ships once: a second scan of it (or a second bench) is told so before a second shipment is made. The
  // engine checks it again in the transaction that links the order to the new shipment.
  const order = orderId !== undefined ? engine.orders.get(caller, orderId) : undefined;
  if (orderId !== undefined && order?.state !== 'waiting')
    return fail('refused', order?.bench ? QUEUE_MSG.shippedBy(order.orderRef, order.bench) : ORDER_NOT_WAITING);
  // The hub makes the shipment of an order of its queue, to the order's address, with the parcels and weight the bench
  // gives; stored here as the hub's (never sent again by the outbox).
  if (orderId !== undefined && host.sharedQueue?.bench) {
    const claimed = await host.sharedQueue.claim(orderId, {
      packages: Number(request.colli) || 1,
      weight: Number(request.peso) || 0,
    });
    if (claimed.ok) engine.settings.set(DATABASE_SETTING_KEYS.lastSaved, String(claimed.value.id));
    return claimed;
  }
  // The form's save only (the spec's API stores a refused shipment as status 0.6): what the courier would refuse is
  // answered beside the field it concerns and nothing is stored, so the form keeps everything typed.
  const refused = engine.courierRefusal(caller, request);
  if (refused)
    return fail('refused', refused.reason, refused.issues ?? { [refused.field]: otherIssue(refused.fieldReason) });
  const outcome = await engine.createShipment(caller, request, {
    ...(orderId !== undefined ? { orderId } : {}),
    ...(weighings?.length ? { weighings } : {}),
    ...(packing ? { packing } : {}),
  });
  if (outcome.kind === 'invalid') return fail('invalid', outcome.error, fieldErrors(request));
  if (orderId !== undefined) host.ordersChanged();
  // Stored with its waybill, labels to follow when the disk takes them: saving again would make a second shipment.
  if (outcome.kind === 'unfinished') return fail('refused', outcome.error);
  engine.settings.set(DATABASE_SETTING_KEYS.lastSaved, String(outcome.record.id));
  return ok({ id: outcome.record.id });
}
