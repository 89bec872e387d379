// What a change to a shipment owes the world outside the bench, decided in one place for both modes and queued in the
// change's own transaction: a waybill owes the dropshipping e-mail, the partner order's tracking event and the shop
// order's fulfilment; a delete owes the partner event and the shop's withdrawal; a confirmation the partner event.
// A standalone engine owes all of them; a connected one only the shop's (the remote tells partners and sends
// e-mails itself). The caller wakes the workers after the commit with what was queued (EngineContext.queued).
// A new notice is one file beside its repository, and one line in each function here that owes it.
import type { EngineContext } from '../context';
import { newMessageId } from '../mail/repo';
import { queuePartnerEvent } from '../partners/events';
import type { ShipmentRow } from '../shipments/repo';
import { queueShopCancel, queueShopFulfilment } from '../shops/fulfilments';
import { OWED_KINDS, type OwedKind } from './kinds';

export type { OwedKind } from './kinds';

export type OwedContext = Pick<
  EngineContext,
  'connected' | 'mail' | 'mailFrom' | 'partners' | 'partnerBook' | 'shops' | 'couriers' | 'clock'
>;

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'stazione-spedizioni.invalid';

const kinds = (queued: Partial<Record<OwedKind, boolean>>): OwedKind[] => OWED_KINDS.filter((kind) => queued[kind]);

/**
 * Inside the transaction that stored the shipment's waybill (`row` as stored with it): what that waybill owes.
 * `dropshipping`: the request asked the waybill to be e-mailed to the sender. A shop order is told once, however many
 * times a waybill is applied (a connected bench may apply the remote's answer again after a lost one).
 */
export function owedOnWaybill(ctx: OwedContext, row: ShipmentRow, given: { dropshipping: boolean }): OwedKind[] {
  if (!row.num_spedizione) return [];
  let mail = false;
  let partner = false;
  if (!ctx.connected) {
    if (given.dropshipping && ctx.mailFrom) {
      ctx.mail.insert(row.id, newMessageId(row.id, domainOf(ctx.mailFrom)), ctx.clock.now().getTime());
      mail = true;
    }
    partner = queuePartnerEvent(ctx, row, 'shipment.waybill');
  }
  const shop = ctx.shops.fulfilmentsOf(row.id).length === 0 && queueShopFulfilment(ctx, row);
  return kinds({ mail, partner, shop });
}

/** Inside a delete's transaction, before the row goes: the partner hears of it, the shop withdraws its fulfilment. */
export function owedOnDelete(ctx: OwedContext, row: ShipmentRow): OwedKind[] {
  const partner = !ctx.connected && queuePartnerEvent(ctx, row, 'shipment.deleted');
  const shop = queueShopCancel(ctx, row);
  return kinds({ partner, shop });
}

/** Inside a confirmation's transaction: the partner hears the parcel is handed to the courier. */
export function owedOnConfirm(ctx: OwedContext, row: ShipmentRow): OwedKind[] {
  return kinds({ partner: !ctx.connected && queuePartnerEvent(ctx, row, 'shipment.confirmed') });
}
