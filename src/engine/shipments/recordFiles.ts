// A shipment's record whose PDF and JPG labels are still the bytes just drawn: the 200-300 kB of base64 a full
// create answers are then written once, by the host, from the bytes (no large strings made and kept on the thread
// that answers requests, nor the labels read back from the row just written). `recordOf` is the record as usual.
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { labelBase64, type LabelFiles } from './labelCodec';
import { buildRecord } from './record';
import type { ShipmentRepo } from './repo';

export interface RecordFiles {
  /** The record, ZPL labels included, with `label_pdf` and `label_jpg` empty: they are `pdf` and `jpg`. */
  record: ShipmentRecord;
  /** One file per parcel, in parcel order, as the record's base64 strings stand for them. */
  pdf: readonly Uint8Array[];
  jpg: readonly Uint8Array[];
}

/** The stored shipment `id` with the labels just stored for it, without reading those labels back. */
export function recordFiles(store: { shipments: ShipmentRepo }, id: number, labels: LabelFiles): RecordFiles {
  const row = store.shipments.byIdUnscoped(id);
  if (!row) throw new Error(`shipment ${id} vanished`);
  const record = buildRecord(row, store.shipments.parcels(id), [], store.shipments.documents(id));
  // Assigned over the empty arrays, so the keys keep the record's order.
  return { record: { ...record, label_zpl: [...labels.zpl] }, pdf: labels.pdf, jpg: labels.jpg };
}

/** The spec's record, its PDF and JPG labels in base64. */
export function recordOf(files: RecordFiles): ShipmentRecord {
  return { ...files.record, label_jpg: files.jpg.map(labelBase64), label_pdf: files.pdf.map(labelBase64) };
}
