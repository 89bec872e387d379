// One word for a row's state, as the list filter names them (ok / error / waiting / attention), plus "gone" for a
// shipment deleted on the remote by someone else and "confirmed" for departed ones.
import type { ShipmentRow } from '../../../shared/ipc/views';
import type { MessageKey } from '../../i18n';

export type RowStatus = 'ok' | 'error' | 'waiting' | 'attention' | 'gone' | 'confirmed';

export function rowStatus(row: ShipmentRow): RowStatus {
  if (row.syncState === 'attention') return 'attention';
  if (row.syncState === 'gone') return 'gone';
  if (row.status !== 0) return 'error';
  if (row.syncState === 'pending') return 'waiting';
  return row.confermato === 1 ? 'confirmed' : 'ok';
}

export const ROW_STATUS_LABELS: Record<RowStatus, MessageKey> = {
  ok: 'rowStatus.ok',
  error: 'rowStatus.error',
  waiting: 'rowStatus.waiting',
  attention: 'rowStatus.attention',
  gone: 'rowStatus.gone',
  confirmed: 'rowStatus.confirmed',
};
