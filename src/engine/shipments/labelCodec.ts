// How labels are kept: ZPL as its UTF-8 text, PDF and JPG as the bytes the spec's base64 strings stand for. Written
// once here for both directions, whoever made the labels (a local courier, or the remote's answer).
import type { LabelRow, ShipmentRepo } from './repo';

/** A shipment's labels as the spec's record carries them: ZPL text, PDF and JPG in base64; one entry per parcel. */
export interface EncodedLabels {
  zpl: readonly string[];
  pdf: readonly string[];
  jpg: readonly string[];
}

/** Labels as files: ZPL text, PDF and JPG bytes (what a local renderer makes); one entry per parcel. */
export interface LabelFiles {
  zpl: readonly string[];
  pdf: readonly Uint8Array[];
  jpg: readonly Uint8Array[];
}

const bytes = (file: Uint8Array) => Buffer.from(file.buffer, file.byteOffset, file.byteLength);

/** A label file's base64, read from its bytes where they lie (no copy). */
export const labelBase64 = (file: Uint8Array): string => bytes(file).toString('base64');

/** Stores every label given, parcel by parcel (n_collo from 1), replacing one of the same format and parcel. */
export function storeLabelFiles(repo: ShipmentRepo, shipmentId: number, labels: LabelFiles): void {
  labels.zpl.forEach((zpl, i) => repo.insertLabel(shipmentId, 'ZPL', i + 1, Buffer.from(zpl, 'utf8')));
  labels.pdf.forEach((pdf, i) => repo.insertLabel(shipmentId, 'PDF', i + 1, bytes(pdf)));
  labels.jpg.forEach((jpg, i) => repo.insertLabel(shipmentId, 'JPG', i + 1, bytes(jpg)));
}

/** The same for labels as the spec's record carries them (a remote's answer): PDF and JPG in base64. */
export function storeLabels(repo: ShipmentRepo, shipmentId: number, labels: EncodedLabels): void {
  storeLabelFiles(repo, shipmentId, {
    zpl: labels.zpl,
    pdf: labels.pdf.map((pdf) => Buffer.from(pdf, 'base64')),
    jpg: labels.jpg.map((jpg) => Buffer.from(jpg, 'base64')),
  });
}

/** The stored labels of one format, as the record spells them. */
export function encodedLabels(labels: readonly LabelRow[], format: LabelRow['format']): string[] {
  return labels
    .filter((l) => l.format === format)
    .map((l) => (format === 'ZPL' ? l.content.toString('utf8') : l.content.toString('base64')));
}
