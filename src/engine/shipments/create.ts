// POST Shipment: first-level validation (400), courier choice and courier checks (status 0.6), then two
// transactions: the first stores the shipment, its parcels and its waybill number; labels are rendered outside any
// transaction and stored by the second. A crash or a storage failure in between leaves a "processing" shipment that
// resume() finishes with the same waybill; a storage failure is never turned into a courier refusal (0.6).
import { MSG } from '../../shared/api/messages';
import { parseCreateShipment, type CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import type { Caller } from '../auth/users';
import { checkShipment } from '../couriers/check';
import type { CourierDefinition, CourierService } from '../couriers/types';
import type { EngineContext } from '../context';
import { renderLabels } from '../labels';
import type { LabelFormat } from '../labels/types';
import { formatDateTime } from '../ports';
import { quote } from '../pricing/quote';
import { pad } from '../couriers/common';
import { labelDataFor } from './labelData';
import { createQueued } from '../outbox/local';
import { isStorageFailure } from '../db/storageFailure';
import { buildRecord, parseStoredData, type StoredShipmentData } from './record';
import type { ParcelRow, ShipmentRow } from './repo';

export type CreateOutcome =
  | { kind: 'invalid'; error: string }
  | { kind: 'created'; record: ShipmentRecord }
  /** Stored with its waybill, but its labels could not be stored (storage failure): finished later, same waybill. */
  | { kind: 'unfinished'; error: string; record: ShipmentRecord };

type CourierChoice =
  | { kind: 'chosen'; courier: CourierDefinition; service: CourierService; servizio: number }
  | { kind: 'refused'; corriere: number; servizio: number; reason: string }
  | { kind: 'invalid'; error: string };

function chooseCourier(ctx: EngineContext, input: CreateShipmentRequest): CourierChoice {
  if (input.corriere === 0 && input.servizio === 0) {
    const { eligible, excluded } = quote(input, ctx.couriers, ctx.priceLists);
    const best = eligible[0];
    if (best) {
      const found = ctx.couriers.service(best.corriere, best.servizio);
      if (found) return { kind: 'chosen', ...found, servizio: best.servizio };
    }
    const reasons = [...new Set(excluded.map((e) => e.reason))].slice(0, 3).join('; ');
    return { kind: 'refused', corriere: 0, servizio: 0, reason: `Nessun corriere disponibile per questa spedizione: ${reasons}` };
  }
  if (input.corriere === 0 || input.servizio === 0) {
    return { kind: 'invalid', error: MSG.invalidFields(['corriere, servizio: indicare entrambi, oppure 0 e 0 per il corriere più economico']) };
  }
  const found = ctx.couriers.service(input.corriere, input.servizio);
  if (!found) {
    return { kind: 'invalid', error: MSG.invalidFields([`corriere, servizio: servizio ${input.servizio} del corriere ${input.corriere} non disponibile`]) };
  }
  const check = checkShipment(found.courier, found.service, input);
  if (!check.ok) return { kind: 'refused', corriere: input.corriere, servizio: input.servizio, reason: check.reason };
  return { kind: 'chosen', ...found, servizio: input.servizio };
}

/** Per-parcel data: as sent in daticolli, otherwise weight and volume split evenly (the last parcel takes the rest). */
export function parcelsOf(input: CreateShipmentRequest): Omit<ParcelRow, 'barcode'>[] {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return Array.from({ length: input.colli }, (_, i) => {
    const given = input.daticolli?.[i];
    const last = i === input.colli - 1;
    const even = (total: number) => (last ? round(total - round(total / input.colli) * (input.colli - 1)) : round(total / input.colli));
    return {
      n_collo: i + 1,
      peso: given?.peso ?? even(input.peso),
      volume: given?.volume ?? even(input.volume),
      larghezza: given?.larghezza ?? 0,
      lunghezza: given?.lunghezza ?? 0,
      altezza: given?.altezza ?? 0,
    };
  });
}

/** labelType ZPL → ZPL; PDF → the PDF family (PDF and JPG); omitted → all three, less what the courier cannot make. */
export function labelFormatsFor(input: CreateShipmentRequest, courier?: CourierDefinition): LabelFormat[] {
  const wanted: LabelFormat[] = input.labelType === 'ZPL' ? ['ZPL'] : input.labelType === 'PDF' ? ['PDF', 'JPG'] : ['ZPL', 'PDF', 'JPG'];
  return courier ? wanted.filter((f) => courier.labelFormats.includes(f)) : wanted;
}

export async function createShipment(ctx: EngineContext, caller: Caller, raw: unknown): Promise<CreateOutcome> {
  if (ctx.sync) return createQueued(ctx, caller, raw);
  const parsed = parseCreateShipment(raw);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const input = parsed.value;
  if (!ctx.auth.owns(caller, input.client_id)) return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  const choice = chooseCourier(ctx, input);
  if (choice.kind === 'invalid') return { kind: 'invalid', error: choice.error };

  const { daticolli: _parcels, labelType: _labelType, ...stored } = input;
  const data: StoredShipmentData = stored;
  const courier = choice.kind === 'chosen' ? choice.courier : undefined;
  const now = formatDateTime(ctx.clock.now());
  const parcels = parcelsOf(input);

  const storedData = { ...data, corriere: courier?.id ?? input.corriere, servizio: choice.servizio };
  const id = ctx.db.transaction(() => {
    const repo = ctx.shipments;
    const ddtNum = input.ddt_num ?? repo.nextCounter(`ddt_num:${input.client_id}`, repo.maxDdtNum(input.client_id));
    const shipmentId = repo.insert({
      user_id: caller.userId,
      client_id: input.client_id,
      ddt_num: ddtNum,
      ddt_alpha: input.ddt_alpha ?? '',
      corriere: choice.kind === 'chosen' ? choice.courier.id : choice.corriere,
      servizio: choice.servizio,
      colli: input.colli,
      peso: input.peso,
      volume: input.volume,
      state: choice.kind === 'chosen' ? 'processing' : 'failed',
      error: choice.kind === 'refused' ? choice.reason : '',
      num_spedizione: '',
      barcode: '',
      tracking_link: '',
      label_formats: labelFormatsFor(input, courier).join(','),
      data: JSON.stringify(storedData),
      created_at: now,
      date_upd: now,
      sync_state: 'none',
    });
    if (input.ddt_alpha === undefined || input.ddt_alpha === '') repo.setDdtAlpha(shipmentId, `SP${pad(shipmentId, 9)}`);
    let barcodes: string[] = [];
    if (choice.kind === 'chosen') {
      const numbers = reserveParcelNumbers(ctx, choice.courier, input.colli);
      if (typeof numbers === 'string') {
        repo.setState(shipmentId, 'failed', numbers, now);
      } else {
        const context = { sequence: repo.nextCounter(`waybill:${choice.courier.id}`), service: choice.service, parcelNumbers: numbers };
        const waybill = choice.courier.waybill(context, input, choice.courier);
        repo.setWaybill(shipmentId, { num_spedizione: waybill.numSpedizione, barcode: waybill.barcode, tracking_link: waybill.trackingLink });
        repo.setData(shipmentId, JSON.stringify({ ...storedData, ...waybill.fields }), now);
        barcodes = waybill.parcelBarcodes;
      }
    }
    for (const parcel of parcels) repo.insertParcel(shipmentId, { ...parcel, barcode: barcodes[parcel.n_collo - 1] ?? '' });
    return shipmentId;
  }).immediate();

  if (ctx.shipments.byIdUnscoped(id)?.state === 'processing') {
    try {
      await finishLabels(ctx, id);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      ctx.storageFailed();
      const record = readRecord(ctx, id);
      return { kind: 'unfinished', error: MSG.shipmentUnfinished(record.id, record.ddt_alpha), record };
    }
  }
  return { kind: 'created', record: readRecord(ctx, id) };
}

/**
 * Couriers that pre-assign the sender a range of parcel numbers: takes the next `colli` numbers of the range, or
 * says why not (the range is used up: the sender must ask the courier for a new one). Runs inside the creating
 * transaction, so two shipments never get the same numbers and a refused shipment takes none.
 */
function reserveParcelNumbers(ctx: EngineContext, courier: CourierDefinition, colli: number): { from: number; to: number } | undefined | string {
  const range = courier.capabilities.parcelNumberRange;
  if (!range) return undefined;
  const name = `parcel-range:${courier.id}:${range.from}-${range.to}`;
  const from = Math.max(ctx.shipments.counterValue(name), range.from - 1) + 1;
  const to = from + colli - 1;
  if (to > range.to) {
    return `Intervallo di segnacolli ${range.from}-${range.to} di ${courier.name} esaurito (disponibili ${Math.max(0, range.to - from + 1)}, servono ${colli}): richiedere un nuovo intervallo al corriere`;
  }
  ctx.shipments.setCounter(name, to);
  return { from, to };
}

/**
 * Renders and stores the labels of a "processing" shipment. A rendering failure becomes status 0.6, never a 500; a
 * storage failure is thrown and leaves the shipment "processing" for the next attempt.
 */
export async function finishLabels(ctx: EngineContext, id: number): Promise<void> {
  const row = ctx.shipments.byIdUnscoped(id);
  if (!row || row.state !== 'processing') return;
  const courier = ctx.couriers.get(row.corriere);
  const now = () => formatDateTime(ctx.clock.now());
  if (!courier) {
    ctx.shipments.setState(id, 'failed', `Corriere ${row.corriere} non più disponibile`, now());
    return;
  }
  const parcels = ctx.shipments.parcels(id);
  const formats = new Set(row.label_formats.split(',').filter(Boolean) as LabelFormat[]);
  let labels: Awaited<ReturnType<typeof renderLabels>>;
  try {
    labels = await renderLabels(labelDataFor(row, parseStoredData(row), parcels, courier), formats, {
      zplDpi: ctx.zplDpi,
      date: new Date(row.created_at.replace(' ', 'T')),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.shipments.setState(id, 'failed', `Generazione etichetta non riuscita: ${reason}`, now());
    return;
  }
  ctx.db.transaction(() => {
    const current = ctx.shipments.byIdUnscoped(id);
    // Deleted or finished meanwhile (a concurrent resume): nothing to store.
    if (!current || current.state !== 'processing') return;
    labels.zpl.forEach((zpl, i) => ctx.shipments.insertLabel(id, 'ZPL', i + 1, Buffer.from(zpl, 'utf8')));
    labels.pdf.forEach((pdf, i) => ctx.shipments.insertLabel(id, 'PDF', i + 1, Buffer.from(pdf, 'base64')));
    labels.jpg.forEach((jpg, i) => ctx.shipments.insertLabel(id, 'JPG', i + 1, Buffer.from(jpg, 'base64')));
    ctx.shipments.setState(id, 'ok', '', now());
  }).immediate();
  if (ctx.shipments.byIdUnscoped(id)?.state === 'ok') ctx.labelsReady(id);
}

export function readRecord(ctx: EngineContext, id: number, row?: ShipmentRow): ShipmentRecord {
  const found = row ?? ctx.shipments.byIdUnscoped(id);
  if (!found) throw new Error(`shipment ${id} vanished`);
  return buildRecord(found, ctx.shipments.parcels(id), ctx.shipments.labels(id));
}

/**
 * Finishes shipments left "processing" by a crash or a storage failure; returns how many it finished. Stops at the
 * first storage failure (thrown): the storage is still not taking writes, the rest waits for the next attempt.
 */
export async function resumeProcessing(ctx: EngineContext): Promise<number> {
  // A connected station's "processing" shipments are waiting for the remote, not for local labels.
  const pending = ctx.shipments.processing().filter((row) => row.sync_state === 'none');
  for (const row of pending) await finishLabels(ctx, row.id);
  return pending.length;
}
