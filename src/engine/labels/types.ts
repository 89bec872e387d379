// What a parcel label says (LabelData, courier-neutral), and the one drawing model every renderer draws from.
// Coordinates are millimetres from the top-left corner of a 100×150 mm label, so dots per inch never move the layout.

export interface LabelAddress {
  name: string;
  contact: string;
  addr: string;
  /** The address's second line (c/o, scala, interno), printed on a line of its own; absent or '' for none. */
  addr2?: string;
  cap: string;
  city: string;
  prov: string;
  country: string;
  phone: string;
}

export interface LabelData {
  courierId: number;
  courierName: string;
  serviceId: number;
  serviceName: string;
  numSpedizione: string;
  trackingLink: string;
  /** Depot/routing code derived from the destination (printed large, read by sorters). */
  routing: string;
  parcel: { n: number; of: number; barcode: string; pesoKg: number };
  totalPesoKg: number;
  sender: LabelAddress;
  recipient: LabelAddress;
  ddtNum: number;
  ddtAlpha: string;
  merce: string;
  note: string;
  /** Cash on delivery amount; 0 = none (no COD box). */
  contrassegno: number;
  /** How the courier collects it, as printed in the COD box (COD_TYPE_LABEL, e.g. "SOLO CONTANTI"). */
  codCollection: string;
  /** Insured value; 0 = none (no insurance box). */
  valore: number;
  valuta: string;
  /** Shipment date, YYYY-MM-DD. */
  date: string;
  /**
   * Short service markers printed prominently, in this order (e.g. "SABATO", "AL PIANO", "PREAVVISO", "RESO",
   * "FERMO DEPOSITO", "PORTO ASSEGNATO", "DOCUMENTI", "DDP", "FIRMA"). Empty when none.
   */
  badges: string[];
  /** Courier-specific lines (e.g. {label: "Segnacollo", value: "1000123"}, {label: "Access Point", value: "U1234"}). */
  courierLines: { label: string; value: string }[];
  /** Content of the optional 2D code (the tracking link); empty = no 2D code. */
  qr: string;
}

export type TextAlign = 'left' | 'center' | 'right';

export type LabelElement =
  | {
      kind: 'text';
      x: number;
      y: number;
      /** Box the text must fit in: renderers shrink (down to minSize) and then wrap; never cut silently. */
      w: number;
      h: number;
      text: string;
      /** Nominal font height in mm. */
      size: number;
      minSize?: number;
      bold?: boolean;
      align?: TextAlign;
      /** White on black: the layout puts a filled box under it (ZPL prints it with ^FR). */
      reverse?: boolean;
    }
  | { kind: 'box'; x: number; y: number; w: number; h: number; thickness: number; fill?: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; thickness: number }
  | { kind: 'barcode'; x: number; y: number; w: number; h: number; data: string; humanReadable: boolean }
  /** A QR code and its quiet zone inside the `size`×`size` mm square at (x, y); data is printable ASCII. */
  | { kind: 'qr'; x: number; y: number; size: number; data: string };

export interface LabelModel {
  widthMm: number;
  heightMm: number;
  elements: LabelElement[];
}

export type LabelFormat = 'ZPL' | 'PDF' | 'JPG';

export interface RenderedLabels {
  /** Plain ZPL, one `^XA…^XZ` per parcel. */
  zpl: string[];
  /** PDF files (100×150 mm), one per parcel: bytes, as they are stored (the record's base64 is made when answered). */
  pdf: Uint8Array[];
  /** JPEG files, one per parcel. */
  jpg: Uint8Array[];
}
