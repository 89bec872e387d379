// The courier and service names the remote's answers gave, kept in the connection's own database (each connection has
// its own, so these are that account's) and written in the transaction that applies the answer. A record may name
// them in a field our contract does not have (the keys below, read if present), and a label our layout drew names
// them in its header; an answer that names nothing still tells which courier and service ids the account uses.
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { SeenCourierSchema, type SeenCourier } from '../../shared/domain/seenCouriers';
import { namesOnZplLabel } from '../labels/zplHeader';
import type { SettingsRepo } from '../settings/repo';
import { z } from 'zod';

/** Engine-owned: the station copies only its bench keys to a new connection, so these stay with the account. */
export const SEEN_NAMES_KEY = 'account.remote_courier_names';

/**
 * Neither our contract nor the aggregator's documentation (aggregator-facts.md) names a record field for a courier's
 * or a service's name; a remote that adds one under a name like these is read, anything else ignored.
 */
const COURIER_NAME_KEYS = ['nome_corriere', 'corriere_nome', 'courier_name', 'carrier_name'] as const;
const SERVICE_NAME_KEYS = ['nome_servizio', 'servizio_nome', 'service_name'] as const;
/** As long as the catalog allows a name to be: a longer text is not a name. */
const MAX_NAME = 60;

const StoredSchema = z.array(SeenCourierSchema);

function textOf(record: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = record[key];
    const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
    if (text && text.length <= MAX_NAME) return text;
  }
  return '';
}

/** What one answer says: the record's own fields first, then the first ZPL label's header. */
export function namesInRecord(record: ShipmentRecord): { courierName: string; serviceName: string } {
  const fields = record as Record<string, unknown>;
  const onLabel = record.label_zpl[0] ? namesOnZplLabel(record.label_zpl[0]) : undefined;
  const fit = (name: string | undefined) => (name && name.length <= MAX_NAME ? name : '');
  return {
    courierName: textOf(fields, COURIER_NAME_KEYS) || fit(onLabel?.courierName),
    serviceName: textOf(fields, SERVICE_NAME_KEYS) || fit(onLabel?.serviceName),
  };
}

export function seenCouriers(settings: SettingsRepo): SeenCourier[] {
  const text = settings.get(SEEN_NAMES_KEY);
  if (!text) return [];
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Remembers what the answer says, inside the caller's transaction. A name heard replaces the one heard before (the
 * remote renamed it); an answer without a name keeps the name heard before. Corriere 0 ("the cheapest") is not a
 * courier: the remote answers with the one it chose.
 */
export function rememberNames(settings: SettingsRepo, record: ShipmentRecord): void {
  const { corriere, servizio } = record;
  if (corriere <= 0) return;
  const { courierName, serviceName } = namesInRecord(record);
  const all = seenCouriers(settings);
  const before = JSON.stringify(all);
  let courier = all.find((c) => c.id === corriere);
  if (!courier) {
    courier = { id: corriere, name: '', services: [] };
    all.push(courier);
  }
  if (courierName) courier.name = courierName;
  if (servizio > 0) {
    let service = courier.services.find((s) => s.id === servizio);
    if (!service) {
      service = { id: servizio, name: '' };
      courier.services.push(service);
      courier.services.sort((a, b) => a.id - b.id);
    }
    if (serviceName) service.name = serviceName;
  }
  all.sort((a, b) => a.id - b.id);
  const after = JSON.stringify(all);
  if (after !== before) settings.set(SEEN_NAMES_KEY, after);
}
