// A partner order's tracking events (partners/events.ts says what they carry): its waybill, its deletion, its
// confirmation. Owed only by a standalone engine: a connected station's remote tells the partner itself.
import { queuePartnerEvent } from '../partners/events';
import type { Notice } from './notice';

export const partnerNotice: Notice = {
  kind: 'partner',
  onWaybill: (ctx, row) => !ctx.connected && queuePartnerEvent(ctx, row, 'shipment.waybill'),
  onDelete: (ctx, row) => !ctx.connected && queuePartnerEvent(ctx, row, 'shipment.deleted'),
  onConfirm: (ctx, row) => !ctx.connected && queuePartnerEvent(ctx, row, 'shipment.confirmed'),
};
