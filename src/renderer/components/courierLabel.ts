// "Courier — service" for a row. Corriere 0 is "the cheapest" (the station has not chosen yet, or could not): said in
// the bench's language rather than as the station names it. A courier or service nobody named (not in the catalog,
// not named by the remote's answers) is said by its number, "Corriere 72 — servizio 1".
import type { ShipmentRow } from '../../shared/ipc/views';
import type { Translate } from '../i18n';

type Named = Pick<ShipmentRow, 'corriere' | 'servizio' | 'courierName' | 'serviceName'>;

export function courierLabel(t: Translate, row: Named): string {
  if (row.corriere === 0) return t('courier.cheapest');
  const courier = row.courierName || t('courier.number', { id: row.corriere });
  const service = row.serviceName || t('courier.serviceNumber', { id: row.servizio });
  return `${courier} — ${service}`;
}

/** A courier's name alone, or its number where nobody named it. */
export function courierNameOf(t: Translate, id: number, couriers: readonly { id: number; name: string }[]): string {
  return couriers.find((c) => c.id === id)?.name || t('courier.number', { id });
}
