// A connected engine's outbox as the sync worker (src/sync) sees it: the port's type, its adapter over the outbox
// context, and the station's ddt_alpha prefix that the outbox rows carry.
import { randomBytes } from 'node:crypto';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import type { Parsed } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import type { SettingsRepo } from '../settings/repo';
import {
  applyCreated,
  applyRefresh,
  complete,
  markAttempt,
  nextDueAt,
  park,
  readyItems,
  refreshCandidates,
  resubmit,
  retryLater,
  syncCounts,
  type OutboxItem,
  type RefreshResult,
  type SyncCounts,
} from './apply';
import type { OutboxContext } from './context';
import { seenCouriers } from './remoteNames';
import type { SeenCourier } from '../../shared/domain/seenCouriers';

/** The outbox as the sync worker sees it (present only on a connected engine). */
export interface SyncPort {
  /** Starts the ddt_alpha of shipments made here; unique per station, kept in the database. */
  prefix: string;
  ready(nowMs: number, limit: number): OutboxItem[];
  nextDueAt(): number | undefined;
  markAttempt(id: number, maybeSent: boolean): void;
  retryLater(id: number, atMs: number, error: string, maybeSent: boolean): void;
  park(id: number, reason: string): void;
  complete(id: number): void;
  applyCreated(id: number, record: ShipmentRecord): void;
  refreshCandidates(beforeMs: number, limit: number): { shipmentId: number; remoteId: number }[];
  applyRefresh(shipmentId: number, result: RefreshResult): void;
  counts(): SyncCounts;
  resubmit(caller: Caller, shipmentId: number, body?: unknown): Parsed<void>;
  /**
   * What the remote refused for this shipment (create, amend, delete, confirm): only a refused create can be
   * corrected.
   */
  parkedKinds(caller: Caller, shipmentId: number): string[];
  /** The couriers and services the remote's answers named (or only numbered), this connection's. */
  seenCouriers(): SeenCourier[];
  /** Called after every committed change that queued something; returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** The outbox as the sync worker sees it, over a connected engine's outbox context. */
export function syncPort(ctx: OutboxContext, listeners: Set<() => void>): SyncPort {
  return {
    prefix: ctx.prefix,
    ready: (nowMs, limit) => readyItems(ctx, nowMs, limit),
    nextDueAt: () => nextDueAt(ctx),
    markAttempt: (id, maybeSent) => markAttempt(ctx, id, maybeSent),
    retryLater: (id, atMs, error, maybeSent) => retryLater(ctx, id, atMs, error, maybeSent),
    park: (id, reason) => park(ctx, id, reason),
    complete: (id) => complete(ctx, id),
    applyCreated: (id, record) => applyCreated(ctx, id, record),
    refreshCandidates: (beforeMs, limit) => refreshCandidates(ctx, beforeMs, limit),
    applyRefresh: (shipmentId, result) => applyRefresh(ctx, shipmentId, result),
    counts: () => syncCounts(ctx),
    resubmit: (caller, shipmentId, body) => resubmit(ctx, caller, shipmentId, body),
    parkedKinds: (caller, shipmentId) =>
      ctx.shipments.byId(caller.userId, shipmentId)
        ? ctx.outbox
            .openOfShipment(shipmentId)
            .filter((r) => r.state === 'parked')
            .map((r) => r.kind)
        : [],
    seenCouriers: () => seenCouriers(ctx.settings),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The station's ddt_alpha prefix: made once per data folder ("ST" + 4 random letters/digits + "-") and kept. */
export function stationPrefix(settings: SettingsRepo): string {
  const existing = settings.get('station_prefix');
  if (existing) return existing;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const prefix = `ST${Array.from(randomBytes(4), (b) => alphabet[b % alphabet.length]).join('')}-`;
  settings.set('station_prefix', prefix);
  return prefix;
}
