// "Courier — service" for a row. Corriere 0 is "the cheapest" (the station has not chosen yet, or could not): said in
// the bench's language rather than as the station names it.
import type { ShipmentRow } from '../../shared/ipc/views';
import type { Translate } from '../i18n';

export function courierLabel(t: Translate, row: Pick<ShipmentRow, 'corriere' | 'courierName' | 'serviceName'>): string {
  if (row.corriere === 0) return t('courier.cheapest');
  if (!row.courierName) return '—';
  return row.serviceName ? `${row.courierName} — ${row.serviceName}` : row.courierName;
}
