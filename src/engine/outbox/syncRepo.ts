// Statements that write what the remote answered into the local shipment: its id, waybill, labels, parcel barcodes,
// status, and the sync state shown at the bench.
import type { Db } from '../db/open';
import { limitedStatement } from '../db/statementCache';
import type { SyncState } from '../shipments/repo';

export interface RemoteApplied {
  id: number;
  remote_id: number;
  corriere: number;
  servizio: number;
  state: 'ok' | 'failed';
  error: string;
  num_spedizione: string;
  barcode: string;
  tracking_link: string;
  data: string;
  date_upd: string;
  /** Epoch ms: the record just came from the remote, so the refresh need not re-read it yet. */
  refreshed_at: number;
}

export function createSyncRepo(db: Db) {
  const s = {
    applyRemote: db.prepare<RemoteApplied>(
      `UPDATE shipments SET remote_id = @remote_id, corriere = @corriere, servizio = ` +
        `@servizio,
      state = @state, error = @error, num_spedizione = @num_spedizione, barcode = @barcode, tracking_link =
      @tracking_link,
      data = @data, date_upd = @date_upd, sync_state = 'synced', sync_error = '', refreshed_at = @refreshed_at
      WHERE id = @id`,
    ),
    setParcelBarcode: db.prepare<{ id: number; n: number; barcode: string }>(
      'UPDATE parcels SET barcode = @barcode WHERE shipment_id = @id AND n_collo = @n',
    ),
    deleteLabels: db.prepare<[number]>('DELETE FROM labels WHERE shipment_id = ?'),
    setSyncState: db.prepare<{ id: number; state: SyncState; error: string }>(
      'UPDATE shipments SET sync_state = @state, sync_error = @error WHERE id = @id',
    ),
    refreshCandidates: limitedStatement<{ before: number }, { id: number; remote_id: number }>(
      db,
      `SELECT id, remote_id FROM shipments
      WHERE sync_state = 'synced' AND confermato = 0 AND remote_id IS NOT NULL AND refreshed_at <= @before ORDER BY
      refreshed_at, id`,
    ),
    refreshed: db.prepare<{ id: number; at: number }>('UPDATE shipments SET refreshed_at = @at WHERE id = @id'),
    // Through each client's unconfirmed shipments (shipments_by_client_departing): a busy day's departed ones are
    // never read, since the count is asked after every row the worker sends.
    refusedCount: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM clients c
      JOIN shipments s ON s.client_id = c.client_id AND s.confermato = 0
      WHERE s.state = 'failed' AND s.remote_id IS NOT NULL AND s.sync_state = 'synced'`),
    confirmedElsewhere: db.prepare<{ id: number; now: string }>(
      'UPDATE shipments SET confermato = 1, confirmed_at = @now, date_upd = @now WHERE id = @id AND confermato = 0',
    ),
  };
  return {
    applyRemote: (row: RemoteApplied) => s.applyRemote.run(row),
    setParcelBarcode: (id: number, n: number, barcode: string) => s.setParcelBarcode.run({ id, n, barcode }),
    deleteLabels: (id: number) => s.deleteLabels.run(id),
    setSyncState: (id: number, state: SyncState, error = '') => s.setSyncState.run({ id, state, error }),
    refreshCandidates: (before: number, limit: number) => s.refreshCandidates(limit).all({ before }),
    refreshed: (id: number, at: number) => s.refreshed.run({ id, at }),
    confirmedElsewhere: (id: number, now: string) => s.confirmedElsewhere.run({ id, now }),
    /** Unconfirmed shipments the remote's courier refused (0.6): each waits for a person to correct or delete it. */
    refusedCount: () => s.refusedCount.get()?.n ?? 0,
  };
}

export type SyncRepo = ReturnType<typeof createSyncRepo>;
