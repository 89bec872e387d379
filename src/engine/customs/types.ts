// What a customs document (the commercial or proforma invoice, the CN23) is drawn from; the renderer takes only this.
import type { ExportReason } from '../../shared/domain/customsLines';

/** Which paper: a sale's commercial invoice, a proforma for goods not sold, or the postal CN23 declaration. */
export type CustomsDocKind = 'commercial' | 'proforma' | 'cn23';

export interface CustomsParty {
  name: string;
  contact: string;
  addr: string;
  cap: string;
  city: string;
  prov: string;
  country: string;
  eori: string;
  vat: string;
  phone: string;
  email: string;
}

export interface CustomsDocLine {
  description: string;
  sku: string;
  hsCode: string;
  origin: string;
  qty: number;
  unitValue: number;
  lineValue: number;
  netKg: number;
}

export interface CustomsDocData {
  kind: CustomsDocKind;
  invoiceNumber: string;
  /** `YYYY-MM-DD`. */
  invoiceDate: string;
  /** The courier's waybill, empty while the courier has not given one. */
  waybill: string;
  courierName: string;
  seller: CustomsParty;
  buyer: CustomsParty;
  lines: CustomsDocLine[];
  currency: string;
  /** The lines' value per currency, to the cent. */
  totals: { currency: string; value: number }[];
  netKg: number;
  grossKg: number;
  parcels: number;
  incoterm: 'DAP' | 'DDP';
  reason: ExportReason;
  /** Where the seller signs: the sender's city. */
  place: string;
}
