// The recipient's e-mail on a parcel's state: owed only when the parcel needs them (held, a delivery missed, the
// address not found) and they have an address; in Italian to Italy, San Marino and the Vatican, in English elsewhere;
// saying what happened, what to do, the waybill, the tracking link and the courier's own words.
import { describe, expect, it } from 'vitest';
import { recipientMail } from '../../../../src/engine/mail/recipient';
import { TRACKING_STATES, trackingState } from '../../../../src/shared/domain/tracking';

const row = (country: string, email = 'anna@example.com') => ({
  id: 7,
  data: JSON.stringify({ rcpt_name: 'Anna Bianchi', rcpt_email: email, rcpt_country_code: country }),
  num_spedizione: 'DEMO700000007',
  tracking_link: 'https://tracking.example/DEMO700000007',
});
const FROM = 'Bottega <banco@bottega.example>';

describe("the recipient's e-mail on a parcel's state", () => {
  it('is owed only when the parcel is held, missed at the door or its address not found', () => {
    const owing = TRACKING_STATES.filter((s) => recipientMail(row('IT'), s, 'Corriere Demo', FROM)).map((s) => s.kind);
    expect(owing).toEqual(['attempted', 'held', 'address_not_found']);
    expect(recipientMail(row('IT', ''), trackingState(22), 'Corriere Demo', FROM)).toBeUndefined();
  });

  it('is in Italian for Italy, San Marino and the Vatican, in English elsewhere', () => {
    for (const country of ['IT', 'SM', 'VA'])
      expect(recipientMail(row(country), trackingState(22), 'Corriere Demo', FROM)?.subject).toBe(
        'La sua spedizione è in giacenza – DEMO700000007',
      );
    for (const country of ['FR', 'CH', 'DE'])
      expect(recipientMail(row(country), trackingState(22), 'Corriere Demo', FROM)?.subject).toBe(
        'Your parcel is held at the depot – DEMO700000007',
      );
  });

  it('says what happened, what to do, the waybill, the link and the courier’s words, with a bench Message-ID', () => {
    const mail = recipientMail(row('IT'), trackingState(24), 'Corriere Demo', FROM);
    expect(mail?.to).toBe('anna@example.com');
    expect(mail?.messageId).toMatch(/^<notizia\.7\.address_not_found\.[0-9a-f]{12}@bottega\.example>$/);
    expect(mail?.text).toContain('Buongiorno Anna Bianchi,');
    expect(mail?.text).toContain('non ha trovato l’indirizzo');
    expect(mail?.text).toContain('Cosa fare: risponda a questa e-mail con l’indirizzo completo');
    expect(mail?.text).toContain('Numero di spedizione: DEMO700000007');
    expect(mail?.text).toContain('Tracciamento: https://tracking.example/DEMO700000007');
    expect(mail?.text).toContain('Stato indicato dal corriere: INDIRIZZO ERRATO O INCOMPLETO');
    const english = recipientMail(row('FR'), trackingState(21), 'Corriere Demo', FROM);
    expect(english?.text).toContain('What to do: the courier will come again');
    expect(english?.text).toContain('Tracking: https://tracking.example/DEMO700000007');
  });
});
