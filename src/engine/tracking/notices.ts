// What the shop and the recipient are owed of a departed parcel's states (migration 20): a row per shipment, channel
// and state kind, written with the state (owed/index.ts owedOnParcelState), or per fulfilment of a hub shipment made at
// another bench (migration 33, sharedQueue/hubParcels.ts). A shop's row is due once that fulfilment reached the shop
// (an event needs the fulfilment it belongs to) and every earlier row of the parcel was sent, so the shop hears the
// states in their order; never after the fulfilment was withdrawn.
import type { TrackingKind } from '../../shared/domain/tracking';
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import { notSkipped, queueOutcomes } from '../shops/queueOutcomes';

export type NoticeChannel = 'shop' | 'mail';

export interface ParcelNoticeRow {
  id: number;
  /** The shipment here; null for a hub shipment's parcel (hub_fulfilment_id, the shop channel only). */
  shipment_id: number | null;
  /** The fulfilment of a hub shipment made at another bench whose parcel this state is; null for a shipment here. */
  hub_fulfilment_id: number | null;
  channel: NoticeChannel;
  /** The state told; on the mail channel also a return's label e-mail ('return_label', mail/returnLabel.ts). */
  event: TrackingKind | 'return_label';
  connection_id: number | null;
  body: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  /** The failure's code and detail (shared/api/shopFailures.ts; '' for none). */
  last_error_code: string;
  last_error_detail: string;
  remote_id: string;
  created_at: number;
  sent_at: number | null;
}

/** A shop row as its worker needs it: with the shop's id of the fulfilment the bench made. */
export type ShopNoticeRow = ShopChannelRow & { fulfilment_id: string; fulfilled_at: number | null };

/** A row of the mail channel: always of a shipment here. */
export type MailNoticeRow = ParcelNoticeRow & { shipment_id: number };

/** A row of the shop's channel: always a state of the parcel. */
export type ShopChannelRow = ParcelNoticeRow & { event: TrackingKind };

/** Whether a row is the shop's (a state told to the shop), typed as such. */
export const isShopRow = (row: ParcelNoticeRow): row is ShopChannelRow =>
  row.channel === 'shop' && row.event !== 'return_label';

/** No earlier row of the same parcel (`key`: its shipment, or its hub fulfilment) still pending. */
const inOrder = (key: 'shipment_id' | 'hub_fulfilment_id') => `NOT EXISTS (SELECT 1 FROM parcel_notices p
  WHERE p.${key} = n.${key} AND p.channel = n.channel AND p.id < n.id AND p.state = 'pending')`;
const IN_ORDER = inOrder('shipment_id');
const NOT_SKIPPED = notSkipped('n.connection_id');
/**
 * Its fulfilment `f` sent, and not withdrawn since. Two statements, one per kind of parcel (a shipment here, a hub
 * shipment's fulfilment), each on its own index: an OR of the two keys made SQLite scan every sent fulfilment.
 */
const SHOP_DUE = `FROM parcel_notices n JOIN shop_fulfilments f ON f.shipment_id = n.shipment_id AND f.kind = 'fulfil'
  AND f.state = 'sent' AND f.connection_id = n.connection_id
  WHERE n.channel = 'shop' AND n.state = 'pending' AND ${IN_ORDER}
  AND NOT EXISTS (SELECT 1 FROM shop_fulfilments c WHERE c.shipment_id = n.shipment_id AND c.kind = 'cancel')`;
const HUB_SHOP_DUE = `FROM parcel_notices n JOIN shop_fulfilments f ON f.id = n.hub_fulfilment_id
  AND f.state = 'sent' AND f.connection_id = n.connection_id
  WHERE n.channel = 'shop' AND n.state = 'pending' AND ${inOrder('hub_fulfilment_id')}
  AND NOT EXISTS (SELECT 1 FROM shop_fulfilments c WHERE c.connection_id = f.connection_id
    AND c.hub_shipment_id = f.hub_shipment_id AND c.kind = 'cancel' AND c.id > f.id)`;

export function createParcelNoticeRepo(db: Db) {
  const outcomes = queueOutcomes(db, 'parcel_notices');
  const s = {
    insert: db.prepare<
      Pick<
        ParcelNoticeRow,
        'shipment_id' | 'hub_fulfilment_id' | 'channel' | 'event' | 'connection_id' | 'body' | 'created_at'
      >
    >(
      `INSERT OR IGNORE INTO parcel_notices (shipment_id, hub_fulfilment_id, channel, event, connection_id, body,
         created_at) VALUES (@shipment_id, @hub_fulfilment_id, @channel, @event, @connection_id, @body, @created_at)`,
    ),
    shopDue: limitedStatement<{ now: number; skip: string }, ShopNoticeRow>(
      db,
      `SELECT n.*, f.remote_id AS fulfilment_id, f.sent_at AS fulfilled_at ${SHOP_DUE}
       AND n.next_attempt_at <= @now AND ${NOT_SKIPPED} ORDER BY n.id`,
    ),
    shopNext: db.prepare<{ skip: string }, { at: number | null }>(
      `SELECT min(n.next_attempt_at) AS at ${SHOP_DUE} AND ${NOT_SKIPPED}`,
    ),
    hubShopDue: limitedStatement<{ now: number; skip: string }, ShopNoticeRow>(
      db,
      `SELECT n.*, f.remote_id AS fulfilment_id, f.sent_at AS fulfilled_at ${HUB_SHOP_DUE}
       AND n.next_attempt_at <= @now AND ${NOT_SKIPPED} ORDER BY n.id`,
    ),
    hubShopNext: db.prepare<{ skip: string }, { at: number | null }>(
      `SELECT min(n.next_attempt_at) AS at ${HUB_SHOP_DUE} AND ${NOT_SKIPPED}`,
    ),
    mailDue: limitedStatement<{ now: number }, MailNoticeRow>(
      db,
      `SELECT * FROM parcel_notices n WHERE n.channel = 'mail' AND n.state = 'pending' AND n.next_attempt_at <= @now
       AND ${IN_ORDER} ORDER BY n.id`,
    ),
    mailNext: db.prepare<[], { at: number | null }>(
      `SELECT min(n.next_attempt_at) AS at FROM parcel_notices n WHERE n.channel = 'mail' AND n.state = 'pending'
       AND ${IN_ORDER}`,
    ),
    byId: db.prepare<[number], ParcelNoticeRow>('SELECT * FROM parcel_notices WHERE id = ?'),
    ofShipment: db.prepare<[number], ParcelNoticeRow>('SELECT * FROM parcel_notices WHERE shipment_id = ? ORDER BY id'),
    shopLog: db.prepare<{ connection: number; limit: number }, ShopChannelRow>(
      `SELECT * FROM parcel_notices WHERE connection_id = @connection AND channel = 'shop'
       ORDER BY id DESC LIMIT @limit`,
    ),
    /** Sent again from now (its give-up age counts from the resend). */
    resend: db.prepare<{ id: number; now: number }>(
      `UPDATE parcel_notices SET state = 'pending', next_attempt_at = 0, created_at = @now, last_error = '',
         last_error_code = '', last_error_detail = '' WHERE id = @id AND state = 'failed'`,
    ),
  };
  return {
    /**
     * Once per shipment (or hub fulfilment), channel and state kind: false when that state was already told (or is
     * being told).
     */
    queue: (row: Omit<Parameters<typeof s.insert.run>[0], 'hub_fulfilment_id'> & { hub_fulfilment_id?: number }) =>
      s.insert.run({ ...row, hub_fulfilment_id: row.hub_fulfilment_id ?? null }).changes > 0,
    /** Both kinds of parcel's rows, oldest first. */
    shopDue(now: number, limit: number, skip: readonly number[] = []) {
      const args = { now, skip: JSON.stringify(skip) };
      return [...s.shopDue(limit).all(args), ...s.hubShopDue(limit).all(args)]
        .sort((a, b) => a.id - b.id)
        .slice(0, limit);
    },
    shopNextDueAt(skip: readonly number[] = []) {
      const args = { skip: JSON.stringify(skip) };
      const at = [s.shopNext.get(args)?.at, s.hubShopNext.get(args)?.at].filter((x) => typeof x === 'number');
      return at.length > 0 ? Math.min(...at) : undefined;
    },
    mailDue: (now: number, limit: number) => s.mailDue(limit).all({ now }),
    mailNextDueAt: () => s.mailNext.get()?.at ?? undefined,
    byId: (id: number) => s.byId.get(id),
    ofShipment: (shipmentId: number) => s.ofShipment.all(shipmentId),
    attempted: outcomes.counted,
    sent: outcomes.sent,
    retry: outcomes.retry,
    failed: outcomes.failed,
    shopLog: (connectionId: number, limit: number) => s.shopLog.all({ connection: connectionId, limit }),
    resend: (id: number, now: number) => s.resend.run({ id, now }).changes > 0,
  };
}

export type ParcelNoticeRepo = ReturnType<typeof createParcelNoticeRepo>;
