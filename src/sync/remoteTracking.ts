// How the remote's answer to GET tracking becomes what the station can act on: the parcel's latest state (its code
// and words read by the one table of known states, an unknown one kept with its words), picked out of an array when
// the reference named several, or the reason there is none. Liberal in what it reads; never throws.
import { MSG } from '../shared/api/messages';
import { TrackingRecordSchema, type TrackingRecordBody } from '../shared/api/tracking';
import { readTrackingState, type TrackingState } from '../shared/domain/tracking';
import type { RemoteOutcome, RemoteTracking } from './types';

/** The shipment asked about: its id at the remote, and the courier's number for it when the station knows one. */
export interface TrackedShipment {
  remoteId: number;
  numSpedizione?: string;
}

type Read = { state: TrackingState; record: TrackingRecordBody } | { reason: string };

/** One record read field by field, so a field of an unexpected type is left out instead of losing the state. */
function readRecord(value: unknown): Read {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'non è un oggetto' };
  const raw = value as Record<string, unknown>;
  const code = raw.status_code;
  if (code === undefined || code === null || (typeof code === 'string' && code.trim() === ''))
    return { reason: 'manca status_code' };
  if (typeof code !== 'number' && typeof code !== 'string') return { reason: 'status_code non leggibile' };
  const state = readTrackingState(code, raw.status);
  const fields: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(TrackingRecordSchema.shape)) {
    const parsed = schema.safeParse(raw[name]);
    if (parsed.success && parsed.data !== undefined) fields[name] = parsed.data;
  }
  const record: TrackingRecordBody = { ...fields, status_code: state.code, status: state.words };
  return { state, record };
}

const same = (a: unknown, b: string): boolean =>
  (typeof a === 'string' || typeof a === 'number') && String(a).trim() === b;

/** The record of an array that is the shipment asked about: by the remote's id, else by the courier's number. */
function pick(items: unknown[], shipment: TrackedShipment): RemoteTracking {
  const number = shipment.numSpedizione?.trim() ?? '';
  const field = (item: unknown, name: string): unknown =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[name] : undefined;
  const byId = items.filter((item) => same(field(item, 'id_gsped'), String(shipment.remoteId)));
  // "0" is the aggregator's unset number: it names no parcel.
  const byNumber =
    number === '' || number === '0' ? [] : items.filter((item) => same(field(item, 'num_spedizione'), number));
  const [by, found] = byId.length === 1 ? (['id_gsped', byId] as const) : (['num_spedizione', byNumber] as const);
  if (found.length !== 1)
    return {
      kind: 'unreadable',
      reason:
        `${MSG.trackingUnreadable}: ${items.length} spedizioni nella risposta, ` +
        `${found.length === 0 ? 'nessuna' : 'più di una'} con id_gsped ${shipment.remoteId}` +
        (number === '' ? '' : ` o num_spedizione ${number}`),
    };
  const read = readRecord(found[0]);
  if ('reason' in read) return { kind: 'unreadable', reason: `${MSG.trackingUnreadable}: ${read.reason}` };
  return { kind: 'state', ...read, picked: { by, among: items.length } };
}

/** The answer read as the parcel's latest state, or why it is not one. */
export function readTrackingAnswer(outcome: RemoteOutcome<unknown>, shipment: TrackedShipment): RemoteTracking {
  switch (outcome.kind) {
    case 'ok':
      try {
        if (Array.isArray(outcome.body)) return pick(outcome.body, shipment);
        const read = readRecord(outcome.body);
        if ('reason' in read) return { kind: 'unreadable', reason: `${MSG.trackingUnreadable}: ${read.reason}` };
        return { kind: 'state', ...read };
      } catch (error) {
        return { kind: 'unreadable', reason: `${MSG.trackingUnreadable}: ${String(error)}` };
      }
    case 'rejected':
      if (outcome.status === 404) return { kind: 'not_found', error: outcome.error };
      // A 2xx the client could not parse as JSON at all (an HTML page from a proxy or a login wall).
      if (outcome.status >= 200 && outcome.status < 300) return { kind: 'unreadable', reason: outcome.error };
      return { kind: 'refused', status: outcome.status, error: outcome.error };
    case 'forbidden':
      return outcome.reason === 'invalid_key'
        ? { kind: 'refused_key', error: outcome.error }
        : { kind: 'rate_limited', error: outcome.error };
    case 'unknown':
      return { kind: 'unreachable', offline: !outcome.sent, error: outcome.error };
  }
}
