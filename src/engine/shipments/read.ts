// GET Shipment, GET ShipmentByDdtalpha and GET ShipmentByDdtnum: lookups scoped to the caller. A reference that
// matches several of the caller's shipments is reported as ambiguous rather than answered with a guess.
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { ShipmentRow } from './repo';
import { parseStoredData } from './record';
import { readRecord } from './store';

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not_found' } | { kind: 'ambiguous' };

export function getShipment(ctx: EngineContext, caller: Caller, id: number): ShipmentRecord | undefined {
  const row = ctx.shipments.byId(caller.userId, id);
  return row ? readRecord(ctx, row.id, row) : undefined;
}

/**
 * The invoice a customs shipment was sent with, as the request gave it: the spec's record does not return these
 * fields, and the bench shows them in the shipment's detail. Empty strings where none was given. `customsForm` is the
 * declaration its courier takes beside the invoice (a postal service's CN23), null for none.
 */
export function shipmentInvoice(
  ctx: EngineContext,
  caller: Caller,
  id: number,
): { number: string; date: string; customsForm: 'CN23' | null } | undefined {
  const row = ctx.shipments.byId(caller.userId, id);
  if (!row) return undefined;
  const data = parseStoredData(row);
  return {
    number: String(data.invoice_number ?? ''),
    date: String(data.invoice_date ?? ''),
    customsForm: ctx.couriers.get(row.corriere)?.capabilities.customsForm ?? null,
  };
}

export function findRowByDdtAlpha(
  ctx: EngineContext,
  caller: Caller,
  ddtAlpha: string,
  clientId?: number,
): Lookup<ShipmentRow> {
  const rows = ctx.shipments.byDdtAlpha(caller.userId, ddtAlpha, clientId);
  if (rows.length === 0) return { kind: 'not_found' };
  if (rows.length > 1) return { kind: 'ambiguous' };
  return { kind: 'found', value: rows[0] as ShipmentRow };
}

/** GET ShipmentByDdtnum: like the lookup by alphanumeric reference, by the numeric one. */
export function getShipmentByDdtNum(
  ctx: EngineContext,
  caller: Caller,
  ddtNum: number,
  clientId?: number,
): Lookup<ShipmentRecord> {
  const rows = ctx.shipments.byDdtNum(caller.userId, ddtNum, clientId);
  const [only] = rows;
  if (!only) return { kind: 'not_found' };
  if (rows.length > 1) return { kind: 'ambiguous' };
  return { kind: 'found', value: readRecord(ctx, only.id, only) };
}

export function getShipmentByDdtAlpha(
  ctx: EngineContext,
  caller: Caller,
  ddtAlpha: string,
  clientId?: number,
): Lookup<ShipmentRecord> {
  const found = findRowByDdtAlpha(ctx, caller, ddtAlpha, clientId);
  return found.kind === 'found' ? { kind: 'found', value: readRecord(ctx, found.value.id, found.value) } : found;
}
