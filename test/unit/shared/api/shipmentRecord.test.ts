// The client's reader of a shipment record, as the real aggregator writes one (aggregator-facts.md): numbers as
// numeric strings, texts as numbers, optional fields missing, unknown fields, ZPL with CR separators.
import { describe, expect, it } from 'vitest';
import { ShipmentRecordSchema, TolerantShipmentRecordSchema } from '../../../../src/shared/api/shipmentRecord';

const DOCUMENTED = {
  id: '12345',
  client_id: 1001,
  ddt_num: '7',
  ddt_alpha: 'ORD-7',
  corriere: '70',
  servizio: 1,
  colli: '2',
  peso: '2.50',
  volume: 0.01,
  merce: 'Libri',
  origine: 'IT',
  valore: '0',
  valore_doganale: 0,
  valuta: 'EUR',
  status: '0.6',
  error: 'Indirizzo non trovato',
  confermato: '0',
  num_spedizione: 0,
  barcode: '',
  tracking_link: '',
  label_jpg: [],
  label_pdf: [],
  label_zpl: ['^XA\r^FO50,50^FDCiao^FS\r^XZ'],
  sender_name: 'Negozio',
  sender_cap: 20154,
  rcpt_name: 'Rossi',
  rcpt_cap: 83020,
  rcpt_phone: 81,
  rcpt_prov: 'av',
  rcpt_country_code: 'IT',
  date_upd: '0000-00-00 00:00:00',
  user_id: 3,
  fid_partenza: '12',
  cod_destinatario: 'X1',
  tnt_options: { a: 1 },
};

describe('reading a remote shipment record liberally', () => {
  it('takes the documented sample that the strict contract refuses, and gives one shape', () => {
    expect(ShipmentRecordSchema.safeParse(DOCUMENTED).success).toBe(false);
    const read = TolerantShipmentRecordSchema.parse(DOCUMENTED);
    expect(read).toMatchObject({
      id: 12345,
      ddt_num: 7,
      corriere: 70,
      colli: 2,
      peso: 2.5,
      valore: 0,
      status: 0.6,
      confermato: 0,
      num_spedizione: '0',
      rcpt_cap: '83020',
      rcpt_phone: '81',
      sender_cap: '20154',
      rcpt_prov: 'av',
      // Missing fields take their empty value; daticolli (lookup only), rcpt_emails_extra (create only) may be absent.
      sender_addr: '',
      rcpt_email: '',
      cod_destinatario: 'X1',
    });
    expect(read.daticolli).toBeUndefined();
    expect(read.rcpt_emails_extra).toBeUndefined();
    // ZPL as it came, CR separators included: printed as is.
    expect(read.label_zpl).toEqual(['^XA\r^FO50,50^FDCiao^FS\r^XZ']);
  });

  it('reads daticolli with numeric strings and an empty barcode', () => {
    const read = TolerantShipmentRecordSchema.parse({
      ...DOCUMENTED,
      daticolli: [
        { n_collo: '1', peso: '1.2', barcode: '' },
        { n_collo: 2, peso: 1.3, volume: '0.01', barcode: 55 },
      ],
    });
    expect(read.daticolli).toEqual([
      { n_collo: 1, peso: 1.2, volume: 0, larghezza: 0, lunghezza: 0, altezza: 0, barcode: '' },
      { n_collo: 2, peso: 1.3, volume: 0.01, larghezza: 0, lunghezza: 0, altezza: 0, barcode: '55' },
    ]);
  });

  it('still refuses what cannot be a record: no id, a status that is no number', () => {
    const { id: _id, ...noId } = DOCUMENTED;
    expect(TolerantShipmentRecordSchema.safeParse(noId).success).toBe(false);
    expect(TolerantShipmentRecordSchema.safeParse({ ...DOCUMENTED, status: 'ok' }).success).toBe(false);
  });
});
