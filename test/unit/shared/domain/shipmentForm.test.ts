// The new-shipment form's request (issue 28): a private person is typed once, the contact left empty is the name.
import { describe, expect, it } from 'vitest';
import { buildBody, emptyValues } from '../../../../src/shared/domain/shipmentForm';

describe('the form’s request', () => {
  it('takes the name as the contact when none is typed, and keeps a contact that is', () => {
    const values = { ...emptyValues(), rcpt_name: 'Marco Bianchi' };
    expect(buildBody(values, [], false)).toMatchObject({ rcpt_name: 'Marco Bianchi', rcpt_contact: 'Marco Bianchi' });
    const company = { ...values, rcpt_name: 'Studio Bianchi S.r.l.', rcpt_contact: 'Marco Bianchi' };
    expect(buildBody(company, [], false)).toMatchObject({ rcpt_contact: 'Marco Bianchi' });
    // Neither typed: both asked for at their fields.
    expect(buildBody(emptyValues(), [], false)).toMatchObject({ rcpt_name: '', rcpt_contact: '' });
  });
});
