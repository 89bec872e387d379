// From a stored shipment (its data as the request gave it, with its goods lines) to what its customs documents say.
// The seller is the shipment's sender; its EORI and VAT number come from the sender profile where the shipment
// lacks them.
import { hsDigits, incotermOf, linesNetWeight, linesValue, type CustomsLine } from '../../shared/domain/customsLines';
import type { SenderProfile } from '../../shared/domain/senderProfile';
import type { ShipmentRow } from '../shipments/repo';
import type { StoredShipmentData } from '../shipments/record';
import type { CustomsDocData, CustomsDocKind } from './types';
import { printedProvince } from '../../shared/domain/subdivisions';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v)).trim();
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};

/** The stored lines as numbers (the real clients send numbers as strings, and the lines are kept as sent). */
export function storedCustomsLines(data: StoredShipmentData): CustomsLine[] {
  return (data.dettagli_ordine ?? []).map((l) => ({
    sku: str(l.sku),
    description: str(l.description),
    qty: num(l.qty),
    hs_code: str(l.hs_code),
    origine: str(l.origine).toUpperCase(),
    prezzo_singolo: num(l.prezzo_singolo),
    peso_riga: num(l.peso_riga),
    barcode_riga: str(l.barcode_riga),
  }));
}

/** An invoice for goods sold; a proforma for anything else ('' is a sale, as the request reads it). */
export function invoiceKindOf(data: StoredShipmentData): 'commercial' | 'proforma' {
  const reason = str(data.tipo_transazione);
  return reason === '' || reason === 'sale' ? 'commercial' : 'proforma';
}

export interface DocNumbering {
  invoiceNumber: string;
  invoiceDate: string;
}

export function customsDocData(
  row: ShipmentRow,
  data: StoredShipmentData,
  numbering: DocNumbering,
  kind: CustomsDocKind,
  extras: { courierName: string; profile: SenderProfile | undefined },
): CustomsDocData {
  const lines = storedCustomsLines(data);
  const currency = str(data.valuta) || 'EUR';
  const profile: Partial<SenderProfile> = extras.profile ?? {};
  const sellerCountry = str(data.sender_country_code) || str(profile.country_code) || str(data.origine);
  return {
    kind,
    invoiceNumber: numbering.invoiceNumber,
    invoiceDate: numbering.invoiceDate,
    waybill: row.num_spedizione,
    courierName: extras.courierName,
    seller: {
      name: str(data.sender_name) || str(profile.name),
      contact: str(data.sender_contact) || str(profile.contact),
      addr: str(data.sender_addr) || str(profile.addr),
      cap: str(data.sender_cap) || str(profile.cap),
      city: str(data.sender_city) || str(profile.city),
      prov: str(data.sender_prov) || str(profile.prov),
      country: sellerCountry,
      eori: str(data.sender_eori) || str(profile.eori),
      vat: str(data.vat_seller) || str(profile.vat),
      phone: str(data.sender_phone) || str(profile.phone),
      email: str(data.sender_email) || str(profile.email),
    },
    buyer: {
      name: str(data.rcpt_name),
      contact: str(data.rcpt_contact) === str(data.rcpt_name) ? '' : str(data.rcpt_contact),
      // The second line (c/o, scala, interno) after the street, as a letter writes them on one line.
      addr: [str(data.rcpt_addr), str(data.rcpt_addr2)].filter(Boolean).join(', '),
      cap: str(data.rcpt_cap),
      city: str(data.rcpt_city),
      prov: printedProvince(str(data.rcpt_country_code), str(data.rcpt_prov)),
      country: str(data.rcpt_country_code),
      eori: str(data.rcpt_eori),
      vat: str(data.vat_buyer),
      phone: str(data.rcpt_phone),
      email: str(data.rcpt_email),
    },
    lines: lines.map((l) => ({
      description: l.description,
      sku: l.sku,
      hsCode: hsDigits(l.hs_code),
      origin: l.origine || str(data.origine),
      qty: l.qty,
      unitValue: l.prezzo_singolo,
      lineValue: linesValue([l]),
      netKg: l.peso_riga,
    })),
    currency,
    totals: [{ currency, value: linesValue(lines) }],
    netKg: linesNetWeight(lines),
    grossKg: row.peso,
    parcels: row.colli,
    incoterm: incotermOf(num(data.addebito_dogana)),
    reason: invoiceKindOf(data) === 'commercial' ? 'sale' : (str(data.tipo_transazione) as CustomsDocData['reason']),
    place: str(data.sender_city) || str(profile.city),
  };
}
