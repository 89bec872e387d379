// Builds the spec's Shipment record (field order and unset values as the spec's record table says) from the stored
// row, its parcels and its labels. The stored `data` is the validated request, so nothing the client sent is lost.
import type { CreateShipmentRequest, TradeDocument } from '../../shared/api/shipmentRequest';
import { SHIPMENT_STATUS, ZERO_DATETIME, ZERO_TIME, type ShipmentRecord } from '../../shared/api/shipmentRecord';
import { encodedLabels } from './labelCodec';
import type { LabelRow, ParcelRow, ShipmentRow } from './repo';

/**
 * The request as stored in shipments.data (daticolli and labelType live in their own columns and tables), plus the
 * courier-specific fields the waybill set. Rows written before a field existed simply lack it.
 */
export type StoredShipmentData = Omit<CreateShipmentRequest, 'daticolli' | 'labelType' | 'trade_documents'> & {
  /** The pickup the courier booked for the pickup window (`date_req_ritiro`), where it books them. */
  numero_ritiro?: string;
  carrier3_num_segnacollo_da?: number;
  carrier3_num_segnacollo_a?: number;
  carrier6_tracking_code?: string;
};

/**
 * What of a validated request is kept in shipments.data: all but the parcels and the documents (own tables) and the
 * label type.
 */
export function storedFieldsOf<T extends object>(input: T): Omit<T, 'daticolli' | 'labelType' | 'trade_documents'> {
  const {
    daticolli: _parcels,
    labelType: _labelType,
    trade_documents: _documents,
    ...stored
  } = input as T & { daticolli?: unknown; labelType?: unknown; trade_documents?: unknown };
  return stored;
}

export function parseStoredData(row: Pick<ShipmentRow, 'data'>): StoredShipmentData {
  return JSON.parse(row.data) as StoredShipmentData;
}

function statusOf(row: ShipmentRow): number {
  return row.state === 'failed' ? SHIPMENT_STATUS.failed : SHIPMENT_STATUS.ok;
}

export function buildRecord(
  row: ShipmentRow,
  parcels: readonly ParcelRow[],
  labels: readonly LabelRow[],
  documents: readonly TradeDocument[] = [],
  d: StoredShipmentData = parseStoredData(row),
): ShipmentRecord {
  return {
    id: row.id,
    client_id: row.client_id,
    ddt_num: row.ddt_num,
    ddt_alpha: row.ddt_alpha,
    corriere: row.corriere,
    servizio: row.servizio,
    colli: row.colli,
    peso: row.peso,
    volume: row.volume,
    merce: d.merce,
    origine: d.origine,
    valore: d.valore,
    valore_doganale: d.valore_doganale,
    valuta: d.valuta,
    status: statusOf(row),
    error: row.error,
    confermato: row.confermato,
    num_spedizione: row.num_spedizione,
    barcode: row.barcode,
    tracking_link: row.tracking_link,
    label_jpg: encodedLabels(labels, 'JPG'),
    label_pdf: encodedLabels(labels, 'PDF'),
    label_zpl: encodedLabels(labels, 'ZPL'),
    daticolli: parcels.map((p) => ({
      peso: p.peso,
      volume: p.volume,
      larghezza: p.larghezza,
      lunghezza: p.lunghezza,
      altezza: p.altezza,
      n_collo: p.n_collo,
      barcode: p.barcode,
    })),
    sender_name: d.sender_name,
    sender_addr: d.sender_addr,
    sender_cap: d.sender_cap,
    sender_city: d.sender_city,
    sender_prov: d.sender_prov,
    sender_country_code: d.sender_country_code,
    sender_contact: d.sender_contact,
    sender_email: d.sender_email,
    sender_phone: d.sender_phone,
    rcpt_name: d.rcpt_name,
    rcpt_addr: d.rcpt_addr,
    // Ours, as stored ('' for a shipment stored before it existed): the address's second line.
    rcpt_addr2: d.rcpt_addr2 ?? '',
    rcpt_cap: d.rcpt_cap,
    rcpt_city: d.rcpt_city,
    rcpt_prov: d.rcpt_prov,
    rcpt_country_code: d.rcpt_country_code,
    rcpt_contact: d.rcpt_contact,
    rcpt_email: d.rcpt_email,
    rcpt_phone: d.rcpt_phone,
    rcpt_emails_extra: d.rcpt_emails_extra,
    note_sender: d.note_sender,
    note: d.note,
    note_2: d.note_2,
    cod_destinatario: d.cod_destinatario,
    contrassegno: d.contrassegno,
    tipo_incasso: d.tipo_incasso,
    date_req_cons: d.date_req_cons ?? ZERO_DATETIME,
    date_req_ritiro: d.date_req_ritiro ?? ZERO_DATETIME,
    // Always there, empty where no pickup was booked: the real clients read it after a create with a pickup window.
    numero_ritiro: d.numero_ritiro ?? '',
    data_consegna_prevista: ZERO_DATETIME,
    date_upd: row.date_upd,
    opening_time: d.opening_time ?? ZERO_TIME,
    closing_time: d.closing_time ?? ZERO_TIME,
    opening_time2: d.opening_time2 ?? ZERO_TIME,
    closing_time2: d.closing_time2 ?? ZERO_TIME,
    preavviso_telefonico: d.preavviso_telefonico,
    al_piano: d.al_piano,
    al_sabato: d.al_sabato,
    reso_contestuale: d.reso_contestuale,
    fermo_deposito: d.fermo_deposito,
    dropshipping: d.dropshipping,
    documenti: d.documenti,
    flag_reso: d.flag_reso,
    // A request field the spec's record table does not list, returned as stored (who pays the duties: the invoice's
    // incoterm); always there, 0 (the recipient) by default.
    addebito_dogana: d.addebito_dogana ?? 0,
    chi_paga: d.chi_paga,
    centro_costo: d.centro_costo,
    fid_partenza: '',
    num_serie: 0,
    carrier4_options: d.carrier4_options ?? [],
    carrier1_servizio: d.carrier1_servizio ?? '',
    carrier1_id_fermoposta: d.carrier1_id_fermoposta ?? '',
    carrier1_accessori: d.carrier1_accessori ?? 0,
    carrier2_uap_id: d.carrier2_uap_id ?? '',
    carrier2_signature_required: d.carrier2_signature_required ?? 0,
    carrier3_num_segnacollo_da: d.carrier3_num_segnacollo_da ?? 0,
    carrier3_num_segnacollo_a: d.carrier3_num_segnacollo_a ?? 0,
    codice_merce_carrier5: d.codice_merce_carrier5 ?? '',
    carrier6_tracking_code: d.carrier6_tracking_code ?? '',
    id_pickup: null,
    dangerous_goods: '',
    // The commercial invoice the parcel travels with, as sent or as the station numbered it (request fields the
    // record table does not list; empty when there is none).
    invoice_number: d.invoice_number ?? '',
    invoice_date: d.invoice_date ?? '',
    vat_seller: d.vat_seller ?? '',
    vat_buyer: d.vat_buyer ?? '',
    generic_service_point: '',
    sender_eori: d.sender_eori ?? '',
    rcpt_eori: d.rcpt_eori ?? '',
    link_pickup_booking: '',
    user_id: row.user_id,
    packaging: '',
    dropoff_type: '',
    tipo_transazione: d.tipo_transazione ?? '',
    rcpt_language: '',
    // A reseller's invoiced client and a partner order's id: request fields the spec's record table does not list,
    // returned only where they have a value (docs/decisions.md, "Reseller instances").
    ...(d.invoiced_client_id ? { invoiced_client_id: d.invoiced_client_id } : {}),
    ...(d.id_order_partnerproximity ? { id_order_partnerproximity: d.id_order_partnerproximity } : {}),
    // An international shipment's order lines and documents, as sent (always there, empty when none were).
    dettagli_ordine: d.dettagli_ordine ?? [],
    trade_documents: documents.map(({ nome, contenuto }) => ({ nome, contenuto })),
  };
}
