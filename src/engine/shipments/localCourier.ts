// A standalone engine's flow: the shipment goes to a local courier. Courier choice and courier checks (status 0.6,
// courierChoice.ts), then two transactions: the first stores the shipment, its parcels and its waybill number; labels
// are rendered outside any transaction and stored by the second. A crash or a storage failure in between leaves a
// "processing" shipment that resume() finishes with the same waybill; a storage failure is never turned into a
// refusal (0.6).
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
import { labelDataFor } from './labelData';
import { buildRecord, parseStoredData, storedFieldsOf } from './record';
import type { ParcelRow, ShipmentRow } from './repo';
import { bookPickup } from './pickup';
import { labelFormatsFor, madeHere, parcelsOf, readRecord, storeBenchExtras } from './store';

type LocalContext = Omit<EngineContext, 'flow'>;

/** The domain of the From address, for Message-IDs that look like the sender's own. */

/**
 * Couriers that pre-assign the sender a range of parcel numbers: takes the next `colli` numbers of the range, or
 * says why not (the range is used up: the sender must ask the courier for a new one). Runs inside the creating
 * transaction, so two shipments never get the same numbers and a refused shipment takes none.
 */
function reserveParcelNumbers(
  ctx: LocalContext,
  courier: CourierDefinition,
  colli: number,
): { from: number; to: number } | undefined | string {
  const range = courier.capabilities.parcelNumberRange;
  if (!range) return undefined;
  const name = `parcel-range:${courier.id}:${range.from}-${range.to}`;
  const from = Math.max(ctx.shipments.counterValue(name), range.from - 1) + 1;
  const to = from + colli - 1;
  if (to > range.to) {
    const left = Math.max(0, range.to - from + 1);
    return (
      `Intervallo di segnacolli ${range.from}-${range.to} di ${courier.name} esaurito ` +
      `(disponibili ${left}, servono ${colli}): richiedere un nuovo intervallo al corriere`
    );
  }
  ctx.shipments.setCounter(name, to);
  return { from, to };
}

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
  const { id, done } = ctx.db
    .transaction((): { id: number; done?: ShipmentRecord } => {
      const repo = ctx.shipments;
      claimInvoiceNumber(ctx.db, input);
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
      storeBenchExtras(ctx, caller.userId, shipmentId, extras);
      // No reference given: one made from the id, written with the waybill when there is one (each update of these
      // columns rewrites the shipment's search text, so the created row is rewritten once).
      const given = input.ddt_alpha !== undefined && input.ddt_alpha !== '';
      const ddtAlpha = given ? (input.ddt_alpha ?? '') : `SP${pad(shipmentId, 9)}`;
      let barcodes: string[] = [];
      let waybillWritten: ShipmentRow | undefined;
      if (choice.kind === 'chosen') {
        const numbers = reserveParcelNumbers(ctx, choice.courier, input.colli);
        if (typeof numbers === 'string') {
          repo.setState(shipmentId, 'failed', numbers, now);
        } else {
          const sequence = repo.nextCounter(`waybill:${choice.courier.id}`);
          const waybill = choice.courier.waybill(
            { sequence, service: choice.service, parcelNumbers: numbers },
            input,
            choice.courier,
          );
          const pickup = bookPickup(repo, caller.userId, choice.courier, input);
          repo.setWaybill(shipmentId, {
            ddt_alpha: ddtAlpha,
            num_spedizione: waybill.numSpedizione,
            barcode: waybill.barcode,
            tracking_link: waybill.trackingLink,
            data: JSON.stringify({ ...storedData, ...waybill.fields, ...(pickup ? { numero_ritiro: pickup } : {}) }),
            date_upd: now,
          });
          barcodes = waybill.parcelBarcodes;
          // Queued with the waybill, in its transaction: what it owes (e-mail, partner event, shop fulfilment) is
          // owed exactly when the waybill exists.
          waybillWritten = repo.byIdUnscoped(shipmentId);
          if (waybillWritten) owed = owedOnWaybill(ctx, waybillWritten);
        }
      }
      if (!waybillWritten && !given) repo.setDdtAlpha(shipmentId, ddtAlpha);
      const parcels = parcelsOf(input).map((parcel) => ({ ...parcel, barcode: barcodes[parcel.n_collo - 1] ?? '' }));
      for (const parcel of parcels) repo.insertParcel(shipmentId, parcel);
      repo.insertDocuments(shipmentId, input.trade_documents);
      // ZPL only (a thermal bench, a shop program asking for ZPL): the label is half a millisecond of text, so it is
      // made and stored in this same transaction: one write to disk instead of two, and the shipment is never seen
      // without its label. Its record is built from what was written, not read back.
      if (waybillWritten && courier && zplOnly(input, courier)) {
        const written = { row: waybillWritten, parcels, documents: input.trade_documents };
        return { id: shipmentId, done: finishZplInTransaction(ctx, written, courier) };
      }
      return { id: shipmentId };
    })
    .immediate();
  if (done) {
    ctx.settled(id, 'labels');
    ctx.queued(owed);
    return { kind: 'created', record: done };
  }

  // The row as the transaction left it: finished already (refused, or its ZPL label failed) unless "processing".
  const written = ctx.shipments.byIdUnscoped(id);
  let finished = written;
  let drawn: LabelFiles | undefined;
  if (written?.state === 'processing') {
    finished = undefined;
    try {
      drawn = await finishLabels(ctx, id);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      ctx.storageFailed();
      const record = readRecord(ctx, id);
      return { kind: 'unfinished', error: MSG.shipmentUnfinished(record.id, record.ddt_alpha), record };
    }
  } else if (written?.state === 'ok') ctx.settled(id, 'labels');
  // After the labels: the e-mail carries them, so the mail worker is woken once they are there.
  ctx.queued(owed);
  if (!drawn) return { kind: 'created', record: readRecord(ctx, id, finished) };
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

/** A label that could not be drawn: status 0.6 with the reason, never a 500; the shop is never told of it. */
function labelFailed(ctx: LocalContext, id: number, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  ctx.shipments.setState(
    id,
    'failed',
    `Generazione etichetta non riuscita: ${reason}`,
    formatDateTime(ctx.clock.now()),
  );
  ctx.shops.drop(id, `Etichetta non generata: ${reason}`);
}

/** What the creating transaction wrote of a shipment: its row with the waybill, its parcels, its documents. */
interface Written {
  row: ShipmentRow;
  parcels: readonly ParcelRow[];
  documents: readonly TradeDocument[];
}

/**
 * Inside the creating transaction: the ZPL labels of a shipment that asked for ZPL only, stored, and it is done; its
 * record as written. Undefined when the label could not be drawn (the shipment failed: read back as any other).
 */
function finishZplInTransaction(
  ctx: LocalContext,
  { row, parcels, documents }: Written,
  courier: CourierDefinition,
): ShipmentRecord | undefined {
  if (row.state !== 'processing') return undefined;
  const data = parseStoredData(row);
  let zpl: string[];
  try {
    zpl = renderZplLabels(labelDataFor(row, data, parcels, courier), ctx.resources, ctx.zplDpi);
  } catch (error) {
    labelFailed(ctx, row.id, error);
    return undefined;
  }
  storeLabelFiles(ctx.shipments, row.id, { zpl, pdf: [], jpg: [] });
  const now = formatDateTime(ctx.clock.now());
  ctx.shipments.setState(row.id, 'ok', '', now);
  // The record's ZPL is the text just drawn (stored as its UTF-8 bytes; the answer needs no trip through them).
  const record = buildRecord({ ...row, state: 'ok', error: '', date_upd: now }, parcels, [], documents, data);
  return { ...record, label_zpl: zpl };
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
