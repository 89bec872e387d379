// A shipment the remote refused comes back into the form as the operator sent it, ready to be corrected and resent.
import { describe, expect, it } from 'vitest';
import { emptyValues } from '../../../../../src/shared/domain/shipmentForm';
import { formOfRequest } from '../../../../../src/renderer/stores/shipmentForm/correction';

describe('a refused request read back into the form', () => {
  it('fills each field as text, lists joined by commas, and leaves out what the form has no field for', () => {
    const { values } = formOfRequest({
      ddt_alpha: 'ORD-7',
      client_id: 12,
      peso: 2.5,
      al_sabato: true,
      carrier4_options: ['A', 'B'],
      rcpt_name: null,
      rcpt_addr: { street: 'not a field value' },
      unknown_field: 'ignored',
    });
    expect(values).toEqual({
      ...emptyValues(),
      ddt_alpha: 'ORD-7',
      client_id: '12',
      peso: '2.5',
      al_sabato: 'true',
      carrier4_options: 'A, B',
    });
  });

  it('leaves a courier field the record spells 0 blank, so it is not sent back as 0', () => {
    const { values } = formOfRequest({ carrier1_accessori: 0, carrier3_num_segnacollo_da: '0', corriere: 0 });
    expect(values.carrier1_accessori).toBe('');
    expect(values.carrier3_num_segnacollo_da).toBe('');
    expect(values.corriere).toBe('0');
  });

  it('puts per-parcel weights and sizes back into the parcel table, a missing one blank', () => {
    const { parcels, detailed } = formOfRequest({
      colli: 2,
      daticolli: [
        { peso: 1.2, lunghezza: 30, larghezza: 20, altezza: 10 },
        { peso: '3', volume: null },
      ],
    });
    expect(detailed).toBe(true);
    expect(parcels).toEqual([
      { peso: '1.2', lunghezza: '30', larghezza: '20', altezza: '10', volume: '' },
      { peso: '3', lunghezza: '', larghezza: '', altezza: '', volume: '' },
    ]);
  });

  it('gives a request sent without parcel details one empty row per parcel, with the table off', () => {
    const { parcels, detailed } = formOfRequest({ colli: 3 });
    expect(detailed).toBe(false);
    expect(parcels).toHaveLength(3);
    expect(parcels.every((p) => Object.values(p).every((v) => v === ''))).toBe(true);
  });
});
