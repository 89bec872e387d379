// A standalone engine's flow: the shipment goes to a local courier. Courier choice and courier checks (status 0.6,
// courierChoice.ts), then two transactions: the first stores the shipment with its waybill (courierWaybill.ts) and
// its parcels; labels are rendered outside any transaction and stored by the second. A crash or a storage failure in
// between leaves a "processing" shipment that resume() finishes with the same waybill; a storage failure is never
// turned into a refusal (0.6).
import { claimInvoiceNumber } from './invoiceHolders';
import { owedOnWaybill, type OwedKind } from '../owed/index';
import { MSG } from '../../shared/api/messages';
import type { CreateShipmentRequest, TradeDocument } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import { pad } from '../couriers/common';
import type { CourierDefinition } from '../couriers/types';
import type { EngineContext } from '../context';
import { isStorageFailure } from '../db/storageFailure';
import { renderLabels, renderZplLabels } from '../labels';
import type { LabelFormat } from '../labels/types';
import { formatDateTime } from '../ports';
import { chooseCourier, courierRefusal } from './courierChoice';
import type { BenchExtras, CreateOutcome, ShipmentFlow } from './flow';
import { storeLabelFiles, type LabelFiles } from './labelCodec';
import { recordFiles, recordOf } from './recordFiles';
import type { ShipmentRecord } from '../../shared/api/shipmentRecord';
import { errorMessage } from '../../shared/errorMessage';
import { labelDataFor, type LabelledRow } from './labelData';
import { buildRecord, parseStoredData, storedFieldsOf, type StoredShipmentData } from './record';
import type { NewShipment, ParcelRow, ShipmentRow } from './repo';
import { makeWaybill } from './courierWaybill';
import { labelFormatsFor, madeHere, parcelsOf, readRecord, storeBenchExtras } from './store';

type LocalContext = Omit<EngineContext, 'flow'>;

async function createLocally(
  ctx: LocalContext,
  caller: Caller,
  input: CreateShipmentRequest,
  extras: BenchExtras | undefined,
): Promise<CreateOutcome> {
  // The waybill by e-mail needs a mail server: refused plainly rather than promised and never sent.
  if (input.dropshipping === 1 && !ctx.mailFrom) return { kind: 'invalid', error: MSG.dropshippingWithoutMail };
  const choice = chooseCourier(ctx, input);
  if (choice.kind === 'invalid') return { kind: 'invalid', error: choice.error };
  const courier = choice.kind === 'chosen' ? choice.courier : undefined;
  const now = formatDateTime(ctx.clock.now());
  const storedData = { ...storedFieldsOf(input), corriere: courier?.id ?? input.corriere, servizio: choice.servizio };
  let owed: OwedKind[] = [];
  const { row, done } = ctx.db
    .transaction((): Written & { done?: ShipmentRecord | undefined } => {
      const repo = ctx.shipments;
      claimInvoiceNumber(ctx.db, input);
      const ddtNum = input.ddt_num ?? repo.nextCounter(`ddt_num:${input.client_id}`, repo.maxDdtNum(input.client_id));
      // The waybill is made before the row is written, so the row and its search text (kept by a trigger) are written
      // once; a reference made from the id takes the id the row is given.
      const made = choice.kind === 'chosen' ? makeWaybill(repo, caller.userId, choice, input) : undefined;
      const waybill = made && 'waybill' in made ? made : undefined;
      const given = input.ddt_alpha !== undefined && input.ddt_alpha !== '';
      const id = given ? null : repo.nextId();
      const fresh: NewShipment = {
        user_id: caller.userId,
        client_id: input.client_id,
        ddt_num: ddtNum,
        ddt_alpha: id === null ? (input.ddt_alpha ?? '') : `SP${pad(id, 9)}`,
        corriere: choice.kind === 'chosen' ? choice.courier.id : choice.corriere,
        servizio: choice.servizio,
        colli: input.colli,
        peso: input.peso,
        volume: input.volume,
        state: waybill ? 'processing' : 'failed',
        error: choice.kind === 'refused' ? choice.reason : made && 'refused' in made ? made.refused : '',
        num_spedizione: waybill?.waybill.numSpedizione ?? '',
        barcode: waybill?.waybill.barcode ?? '',
        tracking_link: waybill?.waybill.trackingLink ?? '',
        label_formats: labelFormatsFor(input, courier).join(','),
        data: JSON.stringify(waybill ? { ...storedData, ...waybill.fields } : storedData),
        created_at: now,
        date_upd: now,
        sync_state: 'none',
      };
      const barcodes = waybill?.waybill.parcelBarcodes ?? [];
      const parcels = parcelsOf(input).map((parcel) => ({ ...parcel, barcode: barcodes[parcel.n_collo - 1] ?? '' }));
      // ZPL only (a thermal bench, a shop program asking for ZPL): the label is half a millisecond of text, so it is
      // drawn from the row about to be written and stored in this same transaction: one write to disk instead of two,
      // the shipment is never seen without its label, and one drawn is written done at once.
      const zpl = waybill && courier && zplOnly(input, courier) ? drawZpl(ctx, fresh, parcels, courier) : undefined;
      const written = repo.insertWritten(zpl && 'labels' in zpl ? { ...fresh, state: 'ok' } : fresh, id);
      storeBenchExtras(ctx, caller.userId, written.id, extras);
      // Queued with the waybill, in its transaction: what it owes (e-mail, partner event, shop fulfilment) is owed
      // exactly when the waybill exists.
      if (waybill) owed = owedOnWaybill(ctx, written);
      for (const parcel of parcels) repo.insertParcel(written.id, parcel);
      repo.insertDocuments(written.id, input.trade_documents);
      const stored = { row: written, parcels, documents: input.trade_documents };
      return zpl ? { ...stored, ...finishZpl(ctx, stored, zpl) } : stored;
    })
    .immediate();
  const id = row.id;
  if (done) {
    ctx.settled(id, 'labels');
    ctx.queued(owed);
    return { kind: 'created', record: done };
  }

  // The row as the transaction left it: finished already (refused, or its ZPL label failed) unless "processing".
  let finished: ShipmentRow | undefined = row;
  let drawn: LabelFiles | undefined;
  if (row.state === 'processing') {
    finished = undefined;
    try {
      drawn = await finishLabels(ctx, id);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      ctx.storageFailed();
      const record = readRecord(ctx, id);
      return { kind: 'unfinished', error: MSG.shipmentUnfinished(record.id, record.ddt_alpha), record };
    }
  } else if (row.state === 'ok') ctx.settled(id, 'labels');
  // After the labels: the e-mail carries them, so the mail worker is woken once they are there.
  ctx.queued(owed);
  if (!drawn) {
    // Deleted (by its own caller, through another request) while its labels were drawn: it does not exist any more,
    // and a 200 would answer a shipment nobody can read or confirm.
    const current = finished ?? ctx.shipments.byIdUnscoped(id);
    if (!current) return { kind: 'invalid', error: MSG.deletedWhileCreated(id, row.ddt_alpha) };
    return { kind: 'created', record: readRecord(ctx, id, current) };
  }
  const files = recordFiles(ctx, id, drawn);
  let record: ShipmentRecord | undefined;
  return {
    kind: 'created',
    files,
    get record() {
      record ??= recordOf(files);
      return record;
    },
  };
}

const zplOnly = (input: CreateShipmentRequest, courier: CourierDefinition) => {
  const formats = labelFormatsFor(input, courier);
  return formats.length === 1 && formats[0] === 'ZPL';
};

/**
 * A label that could not be drawn: status 0.6 with the reason, never a 500; the shop is never told of it. Returns
 * what it wrote on the row.
 */
function labelFailed(ctx: LocalContext, id: number, error: unknown): Pick<ShipmentRow, 'state' | 'error' | 'date_upd'> {
  const reason = errorMessage(error);
  const failed = {
    state: 'failed' as const,
    error: `Generazione etichetta non riuscita: ${reason}`,
    date_upd: formatDateTime(ctx.clock.now()),
  };
  ctx.shipments.setState(id, failed.state, failed.error, failed.date_upd);
  ctx.shops.drop(id, `Etichetta non generata: ${reason}`);
  return failed;
}

/** What the creating transaction wrote of a shipment: its row with the waybill, its parcels, its documents. */
interface Written {
  row: ShipmentRow;
  parcels: readonly ParcelRow[];
  documents: readonly TradeDocument[];
}

/** A ZPL-only shipment's labels, drawn from its row before it is written; or why they could not be. */
type DrawnZpl = { labels: string[]; data: StoredShipmentData } | { error: unknown };

function drawZpl(
  ctx: LocalContext,
  row: LabelledRow & Pick<ShipmentRow, 'data'>,
  parcels: readonly ParcelRow[],
  courier: CourierDefinition,
): DrawnZpl {
  const data = parseStoredData(row);
  try {
    return { labels: renderZplLabels(labelDataFor(row, data, parcels, courier), ctx.resources, ctx.zplDpi), data };
  } catch (error) {
    return { error };
  }
}

/**
 * Inside the creating transaction, once the row is written: the ZPL labels drawn for it stored (the row written done
 * already) and its record as written; when they could not be drawn, the row as it failed.
 */
function finishZpl(
  ctx: LocalContext,
  { row, parcels, documents }: Written,
  drawn: DrawnZpl,
): { done: ShipmentRecord } | { row: ShipmentRow } {
  if ('error' in drawn) return { row: { ...row, ...labelFailed(ctx, row.id, drawn.error) } };
  storeLabelFiles(ctx.shipments, row.id, { zpl: drawn.labels, pdf: [], jpg: [] });
  // The record's ZPL is the text just drawn (stored as its UTF-8 bytes; the answer needs no trip through them).
  const record = buildRecord(row, parcels, [], documents, drawn.data);
  return { done: { ...record, label_zpl: drawn.labels } };
}

/**
 * Renders and stores the labels of a "processing" shipment; returns them once stored and the shipment is done. A
 * rendering failure becomes status 0.6, never a 500; a storage failure is thrown and leaves the shipment
 * "processing" for the next attempt.
 */
async function finishLabels(ctx: LocalContext, id: number): Promise<LabelFiles | undefined> {
  const row = ctx.shipments.byIdUnscoped(id);
  if (!row || row.state !== 'processing') return undefined;
  const courier = ctx.couriers.get(row.corriere);
  const now = () => formatDateTime(ctx.clock.now());
  if (!courier) {
    ctx.shipments.setState(id, 'failed', `Corriere ${row.corriere} non più disponibile`, now());
    return undefined;
  }
  const parcels = ctx.shipments.parcels(id);
  const formats = new Set(row.label_formats.split(',').filter(Boolean) as LabelFormat[]);
  let labels: Awaited<ReturnType<typeof renderLabels>>;
  try {
    labels = await renderLabels(labelDataFor(row, parseStoredData(row), parcels, courier), formats, {
      resources: ctx.resources,
      zplDpi: ctx.zplDpi,
      date: new Date(row.created_at.replace(' ', 'T')),
      ...(ctx.labelPool ? { pool: ctx.labelPool } : {}),
    });
  } catch (error) {
    labelFailed(ctx, id, error);
    return undefined;
  }
  const stored = ctx.db
    .transaction(() => {
      const current = ctx.shipments.byIdUnscoped(id);
      // Deleted or finished meanwhile (a concurrent resume): nothing to store.
      if (!current || current.state !== 'processing') return false;
      storeLabelFiles(ctx.shipments, id, labels);
      ctx.shipments.setState(id, 'ok', '', now());
      return true;
    })
    .immediate();
  if (!stored) return undefined;
  ctx.settled(id, 'labels');
  return labels;
}

/** The standalone flow: local couriers make waybills and labels; nothing is queued for anyone. */
export function localCourierFlow(ctx: LocalContext): ShipmentFlow {
  return {
    create: (caller, input, extras) => createLocally(ctx, caller, input, extras),
    refusal: (input) => courierRefusal(ctx, input),
    amended: () => undefined,
    // What a deletion or a confirmation owes is queued by their own code (owed/index.ts), alike in both modes.
    deleting: () => undefined,
    confirmRefusal: () => undefined,
    confirmed: () => undefined,
    changed: () => undefined,
    /**
     * Finishes shipments left "processing"; stops at the first storage failure (thrown): the storage is still not
     * taking writes, the rest waits for the next attempt. Rows a connected station left waiting for its remote (the
     * same data folder used both ways) are not this flow's to finish.
     */
    async resume() {
      const pending = ctx.shipments.processing().filter(madeHere);
      for (const row of pending) await finishLabels(ctx, row.id);
      return pending.length;
    },
  };
}
