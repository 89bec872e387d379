// The new-shipment form's request (issue 28): a private person is typed once, the contact left empty is the name.
import { describe, expect, it } from 'vitest';
import { buildBody, emptyValues, formErrors } from '../../../../src/shared/domain/shipmentForm';

describe('the form’s request', () => {
  it('takes the name as the contact when none is typed, and keeps a contact that is', () => {
    const values = { ...emptyValues(), rcpt_name: 'Marco Bianchi' };
    expect(buildBody(values, [], false)).toMatchObject({ rcpt_name: 'Marco Bianchi', rcpt_contact: 'Marco Bianchi' });
    const company = { ...values, rcpt_name: 'Studio Bianchi S.r.l.', rcpt_contact: 'Marco Bianchi' };
    expect(buildBody(company, [], false)).toMatchObject({ rcpt_contact: 'Marco Bianchi' });
    // Neither typed: both asked for at their fields.
    expect(buildBody(emptyValues(), [], false)).toMatchObject({ rcpt_name: '', rcpt_contact: '' });
  });

  it('sends EE for an Oslo address with no province, so nothing is invented to fill the field (issue 39)', () => {
    const oslo = {
      ...emptyValues(),
      rcpt_name: 'Nordlys Bokhandel AS',
      rcpt_addr: 'Karl Johans gate 12',
      rcpt_cap: '0154',
      rcpt_city: 'Oslo',
      rcpt_country_code: 'NO',
    };
    expect(buildBody(oslo, [], false)).toMatchObject({ rcpt_prov: 'EE' });
    expect(formErrors(oslo, [], false).rcpt_prov).toBeUndefined();
    // An "OS" typed before is not sent either.
    expect(buildBody({ ...oslo, rcpt_prov: 'OS' }, [], false)).toMatchObject({ rcpt_prov: 'EE' });
  });

  it("asks a New York address for its state, and takes the state's name for its code", () => {
    const newYork = { ...emptyValues(), rcpt_cap: '10001', rcpt_city: 'New York', rcpt_country_code: 'US' };
    expect(formErrors(newYork, [], false).rcpt_prov).toMatchObject({ code: 'required' });
    expect(formErrors({ ...newYork, rcpt_prov: 'NX' }, [], false).rcpt_prov).toEqual({
      code: 'subdivision',
      message: 'sigla di uno stato o provincia di US (es. NY, ON)',
      value: 'US',
    });
    expect(buildBody({ ...newYork, rcpt_prov: 'New York' }, [], false)).toMatchObject({ rcpt_prov: 'NY' });
    expect(formErrors({ ...newYork, rcpt_prov: 'ny' }, [], false).rcpt_prov).toBeUndefined();
  });

  it('sends what was typed trimmed, decimal commas as points, the day as YYYY-MM-DD, and leaves blanks out', () => {
    const typed = {
      ...emptyValues(),
      rcpt_name: '  Marco Bianchi ',
      rcpt_addr: 'Via Roma 1',
      rcpt_cap: '00184',
      rcpt_city: 'Roma',
      rcpt_prov: 'RM',
      peso: ' 2,5 ',
      volume: '0,01',
      merce: 'libri',
      note: '  al citofono ',
      carrier4_options: 'AVV, PRV;SAB',
      carrier1_servizio: '   ',
    };
    const body = buildBody(typed, [], false);
    expect(body).toMatchObject({ rcpt_name: 'Marco Bianchi', peso: '2.5', volume: '0.01', note: 'al citofono' });
    expect(body.carrier4_options).toEqual(['AVV', 'PRV', 'SAB']);
    // Optional blanks (spaces only, too) are not sent; the starred ones are, blank, so the schema names them.
    expect(body).not.toHaveProperty('carrier1_servizio');
    expect(body).not.toHaveProperty('rcpt_addr2');
    expect(body).not.toHaveProperty('ddt_alpha');
    expect(body).toMatchObject({ rcpt_phone: '', rcpt_email: '' });
    // Customs data only outside the EU customs territory: a Roman parcel sends none of it, a Swiss one does.
    expect(body).not.toHaveProperty('addebito_dogana');
    const swiss = { ...typed, rcpt_country_code: 'CH', rcpt_cap: '8001', rcpt_city: 'Zürich' };
    expect(buildBody({ ...swiss, invoice_date: '4/3/2026' }, [], false)).toMatchObject({
      addebito_dogana: '0',
      invoice_date: '2026-03-04',
    });
  });
});
