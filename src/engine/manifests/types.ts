// What a manifest (the list the driver signs at pickup) is drawn from; the PDF renderer takes only this.

export interface ManifestRow {
  id: number;
  ddtNum: number;
  ddtAlpha: string;
  numSpedizione: string;
  courierId: number;
  courierName: string;
  serviceName: string;
  rcptName: string;
  rcptCity: string;
  rcptProv: string;
  rcptCountry: string;
  colli: number;
  pesoKg: number;
  /** Cash on delivery; 0 = none. */
  contrassegno: number;
  valuta: string;
  /** A reseller's shipment: the invoiced client it is billed to, as printed ("Rossi Srl (501)"). */
  invoicedClient?: string;
}

export interface ManifestData {
  manifestId: number;
  /** `YYYY-MM-DD hh:mm:ss`, local time of the bench. */
  createdAt: string;
  clientIds: number[];
  sender: { name: string; addr: string; cap: string; city: string; prov: string; country: string };
  rows: ManifestRow[];
}
