// The parcels of this bench's shop orders that another bench shipped through the hub, asked about at the hub for the
// shop (the engine keeps their schedule, the bench's own parcels', and tells the shop each new state once): a few per
// pass of the queue worker, through the remote's tracking as the bench's own parcels are (its deadline, size cap and
// the GET budget the key's benches share). What the hub cannot answer now waits as a parcel of the bench's would.
import type { HubParcelAnswered } from '../../engine/index';
import { remoteAnswer, RETRY_MS } from '../tracking/follower';
import type { ShopsToldHost } from './shopsTold';

/** Parcels asked about in one pass (the follower's own batch). */
const PER_PASS = 10;

/** False when the hub did not answer one of them (the rest wait for their next turn). */
export async function followHubParcels(host: ShopsToldHost): Promise<boolean> {
  const due = host.queue.hubParcelsDue(host.caller, PER_PASS);
  if (due.length === 0) return true;
  const ask = remoteAnswer(host.remote);
  const answered: HubParcelAnswered[] = [];
  let reached = true;
  for (const parcel of due) {
    const answer = await ask({ remoteId: parcel.hubShipmentId, waybill: parcel.waybill });
    if (answer.ok) {
      answered.push({ fulfilmentId: parcel.fulfilmentId, state: answer.state });
      continue;
    }
    reached = false;
    const waitMs = Math.max(RETRY_MS, answer.retryAfterMs ?? 0);
    host.queue.hubParcelFailed(host.caller, parcel.fulfilmentId, answer.reason, waitMs);
  }
  if (answered.length > 0) host.queue.hubParcelsSeen(host.caller, answered);
  return reached;
}
