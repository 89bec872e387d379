// Shipment commands: entry, lists and search, detail with label preview, amend, delete, resubmit, quote, addresses.
import type { ParcelView } from '../../shared/domain/tracking';
import { fieldErrors } from '../../shared/api/shipmentRequest';
import { MSG } from '../../shared/api/messages';
import { fail, ok } from '../../shared/ipc/result';
import type { ShipmentRow } from '../../shared/ipc/views';
import { quoteOnPriceLists, type ListedShipment, type PriceList, type QuotedService } from '../../engine/index';
import { shipmentPapers } from '../printing/customsPapers';
import { savedPriceLists } from '../settings/priceLists';
import type { Handlers } from './context';
import { offeredCouriers, stationNaming } from '../settings/courierCatalog';
import type { CourierNames } from '../../shared/domain/seenCouriers';
import type { Station } from '../index';
import { shipFromRequest } from '../orders/shipOrder';
import { packingRefusal } from '../settings/itemCheck';

/**
 * Names as the bench knows them: the catalog's (the demo couriers' when standalone), else what the remote's answers
 * named; '' where nobody named it, so the screen says "Corriere 72 — servizio 1" in its own language.
 */
function courierNames(station: Station): (corriere: number, servizio: number) => CourierNames {
  const naming = stationNaming(station);
  return (corriere, servizio) =>
    corriere === 0 ? { courierName: 'Più economico', serviceName: '' } : naming(corriere, servizio);
}

/**
 * A courier of the account's catalog that gives one label format only is asked for that one (the spec: "some couriers
 * may restrict formats"); otherwise the request stays as the form or the shop program wrote it.
 */
export function withCourierLabelType(station: Station, body: Record<string, unknown>): Record<string, unknown> {
  if (station.mode !== 'connected' || body.labelType !== undefined) return body;
  const courier = offeredCouriers(station).couriers.find((c) => String(c.id) === String(body.corriere));
  const [only, ...others] = courier?.labelFormats ?? [];
  return only && others.length === 0 ? { ...body, labelType: only } : body;
}

/** The services a connected bench prices: its catalog's, then any an imported list names that the catalog lacks. */
function accountServices(station: Station, lists: readonly PriceList[]): QuotedService[] {
  const names = courierNames(station);
  const services = offeredCouriers(station).couriers.flatMap((c) =>
    c.services.map((s) => ({ corriere: c.id, servizio: s.id, courierName: c.name, serviceName: s.name })),
  );
  for (const l of lists)
    if (!services.some((s) => s.corriere === l.corriere && s.servizio === l.servizio))
      services.push({ corriere: l.corriere, servizio: l.servizio, ...names(l.corriere, l.servizio) });
  return services;
}

function toRow(
  row: ListedShipment,
  names: ReturnType<typeof courierNames>,
  parcels: ReadonlyMap<number, ParcelView>,
): ShipmentRow {
  return {
    id: row.id,
    clientId: row.client_id,
    ddtNum: row.ddt_num,
    ddtAlpha: row.ddt_alpha,
    corriere: row.corriere,
    servizio: row.servizio,
    ...names(row.corriere, row.servizio),
    rcptName: row.rcpt_name ?? '',
    rcptCity: row.rcpt_city ?? '',
    rcptProv: row.rcpt_prov ?? '',
    rcptCap: row.rcpt_cap ?? '',
    rcptCountry: row.rcpt_country_code ?? '',
    colli: row.colli,
    peso: row.peso,
    status: row.state === 'failed' ? 0.6 : 0,
    error: row.error,
    numSpedizione: row.num_spedizione,
    barcode: row.barcode,
    confermato: row.confermato,
    syncState: row.sync_state,
    syncError: row.sync_error,
    createdAt: row.created_at,
    manifestId: row.manifest_id,
    invoicedClientId: row.invoiced_client_id,
    invoicedClientName: row.invoiced_client_name,
    parcel: parcels.get(row.id) ?? null,
    reso: row.flag_reso === 1,
  };
}

export const shipmentHandlers: Handlers<
  | 'shipments.create'
  | 'shipments.list'
  | 'shipments.get'
  | 'shipments.refusal'
  | 'shipments.amend'
  | 'shipments.delete'
  | 'shipments.resubmit'
  | 'shipments.quote'
  | 'addresses.byCap'
  | 'addresses.recent'
> = {
  'shipments.create'({ station }, { body, orderId, weighings, packing }) {
    // A client whose items are checked by scan: its order ships with every line scanned, or overridden with a reason.
    const order = orderId === undefined ? undefined : station.engine.orders.get(station.caller, orderId);
    const short = order?.state === 'waiting' ? packingRefusal(station, order, packing) : undefined;
    if (short) return Promise.resolve(fail('refused', short));
    return shipFromRequest(station, withCourierLabelType(station, body), { orderId, weighings, packing });
  },
  'shipments.list'({ station }, input) {
    const page = station.engine.listShipments(station.caller, input);
    const names = courierNames(station);
    const parcels = station.engine.parcels.latest(
      station.caller,
      page.rows.filter((row) => row.confermato === 1).map((row) => row.id),
    );
    return ok({ total: page.total, rows: page.rows.map((row) => toRow(row, names, parcels)) });
  },
  'shipments.refusal'({ station }, { id }) {
    const record = station.engine.getShipment(station.caller, id);
    if (!record) return fail('not_found', MSG.shipmentNotFound);
    // Asked of the request as stored: the dry run the form's save makes, on the shipment the courier refused.
    const { label_jpg: _jpg, label_pdf: _pdf, label_zpl: _zpl, ...request } = record;
    const refused = station.engine.courierRefusal(station.caller, request);
    if (!refused) return ok({ reason: '' });
    return ok({ reason: refused.reason, ...(refused.exclusion ? { exclusion: refused.exclusion } : {}) });
  },
  'shipments.get'({ station }, { id }) {
    const record = station.engine.getShipment(station.caller, id);
    if (!record) return fail('not_found', MSG.shipmentNotFound);
    const { label_jpg, label_pdf, label_zpl, ...rest } = record;
    const listed = station.engine.listedShipment(station.caller, id);
    if (!listed) return fail('not_found', MSG.shipmentNotFound);
    return ok({
      row: toRow(listed, courierNames(station), station.engine.parcels.latest(station.caller, [id])),
      record: rest,
      amendableFields: station.engine.amendableFields(station.caller, id),
      previewJpg: label_jpg[0] ?? '',
      labelCount: Math.max(label_jpg.length, label_pdf.length, label_zpl.length),
      correctable: station.engine.sync?.parkedKinds(station.caller, id).includes('create') ?? false,
      amendedAt: listed.amended_at,
      invoice: station.engine.shipmentInvoice(station.caller, id) ?? { number: '', date: '', customsForm: null },
      papers: shipmentPapers(station.engine, station.caller, station.printing, id),
      mail: station.engine.mail?.stateOf(station.caller, id) ?? null,
      weighings: station.engine.weighings(station.caller, id),
      packing: station.engine.packingProof(station.caller, id) ?? null,
      estimatedKg: station.engine.batches.estimatedKg(station.caller, id) ?? null,
      ...(station.engine.returns.links(station.caller, id) ?? { returns: [], returnOf: null }),
      returnMail: station.engine.returns.mailState(station.caller, id) ?? null,
      parcels: (record.daticolli ?? []).map((parcel) => ({
        n: parcel.n_collo,
        barcode: parcel.barcode,
        peso: parcel.peso,
      })),
    });
  },
  'shipments.amend'({ station }, { id, fields }) {
    const outcome = station.engine.amendShipment(station.caller, id, fields);
    if (outcome.kind === 'not_found') return fail('not_found', MSG.shipmentNotFound);
    if (outcome.kind === 'refused') return fail('refused', outcome.error);
    return ok({});
  },
  'shipments.delete'({ station }, { id }) {
    const fromOrder = station.engine.orders.forShipment(station.caller, id) !== undefined;
    const outcome = station.engine.deleteShipment(station.caller, id);
    // Its order waits again (its state is read from its shipment): the bench's order list learns of it.
    if (outcome === 'deleted' && fromOrder) station.ordersChanged();
    if (outcome === 'deleted') return ok({});
    if (outcome === 'confirmed') return fail('refused', MSG.deleteConfirmed);
    return fail('not_found', MSG.shipmentNotFound);
  },
  'shipments.resubmit'({ station }, { id, body }) {
    const sync = station.engine.sync;
    if (!sync) return fail('refused', 'Postazione non collegata a un servizio remoto');
    const result = sync.resubmit(station.caller, id, body);
    return result.ok ? ok({}) : fail('invalid', result.error, body ? fieldErrors(body) : undefined);
  },
  'shipments.quote'({ station }, { body }) {
    // Standalone: the station's own couriers and price lists (its engine's configuration). Connected: the account's
    // imported lists for its catalog's services; none imported, no price at all (the service chooses).
    const connected = station.mode === 'connected';
    const lists = connected ? savedPriceLists(station) : [];
    if (connected && lists.length === 0) return ok({ source: 'service' as const, eligible: [], excluded: [] });
    const quoted = connected
      ? quoteOnPriceLists(body, accountServices(station, lists), lists)
      : station.engine.quote(body);
    if (!quoted.ok) return fail('invalid', quoted.error, fieldErrors(body));
    return ok({
      source: connected ? ('account' as const) : ('station' as const),
      eligible: quoted.value.eligible.map((q) => ({
        corriere: q.corriere,
        servizio: q.servizio,
        courierName: q.courierName,
        serviceName: q.serviceName,
        total: q.total,
        vat: q.vat,
        totalWithVat: q.totalWithVat,
        currency: q.currency,
        zone: q.zone,
      })),
      excluded: quoted.value.excluded.map((e) => ({
        corriere: e.corriere,
        servizio: e.servizio,
        courierName: e.courierName,
        serviceName: e.serviceName,
        reason: e.reason,
        code: e.code,
        params: e.params,
        ...(e.issues ? { issues: e.issues } : {}),
        ...(e.total !== undefined ? { total: e.total } : {}),
      })),
    });
  },
  'addresses.byCap'({ station }, { cap }) {
    return ok(station.engine.municipalitiesForCap(cap));
  },
  'addresses.recent'({ station }, { search }) {
    return ok(station.engine.recentRecipients(station.caller, search, 10));
  },
};
