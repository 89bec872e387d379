// An order as POST Orders takes it and PATCH changes it: liberal in what it reads (numbers as text, text as numbers,
// lower case codes), strict about the documented starred fields, and a PATCH changes only what it names.
import { describe, expect, it } from 'vitest';
import { parseOrderInput, parseOrderPatch } from '../../../../src/shared/api/orders';

const ORDER = {
  client_id: '1001',
  order_ref: 'WEB-1',
  name: 'Anna Bianchi',
  address: 'Corso Garibaldi 5',
  city: 'Forlì',
  zip: 47121,
  province: 'fc',
  country: 'it',
  email: 'anna@example.com',
  phone: 543123456,
};

describe('parseOrderInput', () => {
  it('reads numbers as text and text as numbers, and fills what the order does not say', () => {
    const parsed = parseOrderInput({ ...ORDER, cod: '12.50', rows: [{ sku: 'B1', qty: '2' }] });
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        client_id: 1001,
        zip: '47121',
        province: 'FC',
        country: 'IT',
        phone: '543123456',
        cod: 12.5,
        currency: 'EUR',
        corriere: 0,
        rows: [{ sku: 'B1', description: '', qty: 2, country_of_origin: '', hs_code: '' }],
      },
    });
  });

  it('takes one row sent as an object as a list of one', () => {
    const parsed = parseOrderInput({ ...ORDER, rows: { sku: 'B1', description: 'Libro' } });
    expect(parsed.ok && parsed.value.rows).toEqual([
      { sku: 'B1', description: 'Libro', qty: 1, country_of_origin: '', hs_code: '' },
    ]);
  });

  it('names the starred fields missing, then the ones malformed', () => {
    expect(parseOrderInput({ client_id: 1001, order_ref: 'X', country: 'Italia' })).toEqual({
      ok: false,
      error:
        'Campi obbligatori mancanti: name, address, city, zip, province, email, phone. ' +
        'Campi non validi: country: codice paese ISO 3166 di 2 lettere non valido',
    });
    expect(parseOrderInput([ORDER])).toEqual({
      ok: false,
      error: 'Corpo della richiesta non valido: atteso un oggetto JSON',
    });
  });
});

describe('parseOrderPatch', () => {
  it('changes only the fields it names, never filling a default over what is stored', () => {
    expect(parseOrderPatch({ notes: 'Citofono rotto', zip: 47122 })).toEqual({
      ok: true,
      value: { fields: { notes: 'Citofono rotto', zip: '47122' } },
    });
    expect(parseOrderPatch({ status: 'Cancelled' })).toEqual({ ok: true, value: { fields: {}, status: 'cancelled' } });
  });

  it('refuses a change of who the order is for or of its reference, an empty change, and a bad field', () => {
    expect(parseOrderPatch({ order_ref: 'Y' })).toEqual({
      ok: false,
      error: 'Campi non modificabili: order_ref (un ordine resta del suo cliente e del suo riferimento)',
    });
    expect(parseOrderPatch({ unknown: 1 })).toEqual({ ok: false, error: 'Nessun campo da modificare' });
    expect(parseOrderPatch({ email: 'not-an-address' })).toEqual({
      ok: false,
      error: 'Campi non validi: email: indirizzo e-mail non valido',
    });
    expect(parseOrderPatch({ status: 'shipped' })).toMatchObject({ ok: false });
  });
});
