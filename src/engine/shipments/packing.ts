// A shipment's packing proof as stored: its item scans in the order made and the operator's override, written in the
// transaction that stores the shipment (store.ts) and gone with it (the tables cascade on the shipment's delete).
import type { ItemScan, PackingProof } from '../../shared/domain/packingProof';
import type { Db } from '../db/open';

export function packingRepo(db: Db) {
  const s = {
    insertItemScan: db.prepare<{ shipment_id: number; at: number; code: string; sku: string; outcome: string }>(
      'INSERT INTO packing_scans (shipment_id, at, code, sku, outcome) ' +
        'VALUES (@shipment_id, @at, @code, @sku, @outcome)',
    ),
    itemScans: db.prepare<[number], ItemScan>(
      'SELECT at, code, sku, outcome FROM packing_scans WHERE shipment_id = ? ORDER BY at, rowid',
    ),
    insertOverride: db.prepare<{ shipment_id: number; reason: string; at: number }>(
      'INSERT INTO packing_overrides (shipment_id, reason, at) VALUES (@shipment_id, @reason, @at)',
    ),
    override: db.prepare<[number], { reason: string; at: number }>(
      'SELECT reason, at FROM packing_overrides WHERE shipment_id = ?',
    ),
  };
  return {
    insertPackingProof(shipmentId: number, proof: PackingProof) {
      for (const scan of proof.scans) s.insertItemScan.run({ shipment_id: shipmentId, ...scan });
      if (proof.override) s.insertOverride.run({ shipment_id: shipmentId, ...proof.override });
    },
    /** The item scans and override it was packed with; undefined when its items were not checked by scan. */
    packingProof(id: number): PackingProof | undefined {
      const scans = s.itemScans.all(id);
      const override = s.override.get(id);
      if (scans.length === 0 && !override) return undefined;
      return override ? { scans, override } : { scans };
    },
  };
}
