// When a demo courier books a pickup and when it refuses one, as the 200's status and Italian reason: the request's
// data (0.6) and the day or times it will not come on (10), read in the bench's local time.
import { describe, expect, it } from 'vitest';
import { createCourierRegistry } from '../../../../src/engine/couriers/registry';
import { pickupRefusal } from '../../../../src/engine/pickups/rules';
import type { PickupRequest } from '../../../../src/shared/api/pickups';
import { resources } from '../../../helpers/resources';

const registry = createCourierRegistry(resources);
const express = registry.get(70);
const europa = registry.get(71);
/** Monday 30 November 2026, 10:00 at the bench. */
const MONDAY_TEN = new Date(2026, 10, 30, 10, 0, 0);

const request = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  client_id: 1001,
  corriere: 70,
  servizio: 1,
  colli: 4,
  peso: 12.5,
  date_req_ritiro: '2026-11-30',
  opening_time: '14:00:00',
  closing_time: '18:00:00',
  note_sender: '',
  ...overrides,
});

describe('a demo courier asked for a pickup', () => {
  it("books today's pickup with the goods ready later and four hours to come", () => {
    expect(pickupRefusal(request(), express, MONDAY_TEN)).toBeUndefined();
  });

  it('books a later day too, even with its ready time before the hour it is now', () => {
    expect(
      pickupRefusal(request({ date_req_ritiro: '2026-12-01', opening_time: '08:00:00' }), express, MONDAY_TEN),
    ).toBeUndefined();
  });

  it('refuses a Sunday with status 10, naming the day', () => {
    expect(pickupRefusal(request({ date_req_ritiro: '2026-12-06' }), express, MONDAY_TEN)).toEqual({
      status: 10,
      error: 'Ritiro non prenotabile: 06/12/2026 è domenica, il corriere non ritira',
    });
  });

  it('refuses a national holiday (Christmas, Easter Monday) with status 10', () => {
    expect(pickupRefusal(request({ date_req_ritiro: '2026-12-08' }), express, MONDAY_TEN)?.error).toBe(
      'Ritiro non prenotabile: 08/12/2026 è un giorno festivo, il corriere non ritira',
    );
    const easter = new Date(2027, 2, 20, 9, 0, 0);
    expect(pickupRefusal(request({ date_req_ritiro: '2027-03-29' }), express, easter)?.status).toBe(10);
    expect(pickupRefusal(request({ date_req_ritiro: '2027-03-30' }), express, easter)).toBeUndefined();
  });

  it('refuses a closing time before the ready time, and a window shorter than two hours', () => {
    expect(pickupRefusal(request({ opening_time: '17:00:00', closing_time: '13:00:00' }), express, MONDAY_TEN)).toEqual(
      {
        status: 10,
        error: "Ritiro non prenotabile: l'orario di chiusura (13:00) precede l'orario di disponibilità merce (17:00)",
      },
    );
    expect(pickupRefusal(request({ opening_time: '16:30:00', closing_time: '18:00:00' }), express, MONDAY_TEN)).toEqual(
      {
        status: 10,
        error: 'Ritiro non prenotabile: tra disponibilità merce e chiusura servono almeno 2 ore',
      },
    );
  });

  it("refuses today's ready time once it has passed, saying the hour it is, and a day already gone", () => {
    const late = new Date(2026, 10, 30, 15, 20, 0);
    expect(pickupRefusal(request(), express, late)).toEqual({
      status: 10,
      error:
        "Ritiro non prenotabile: l'orario di disponibilità merce (14:00) è già passato (ora 15:20); " +
        'indicare un orario successivo',
    });
    expect(pickupRefusal(request({ opening_time: '15:30:00' }), express, late)).toBeUndefined();
    expect(pickupRefusal(request({ date_req_ritiro: '2026-11-27' }), express, late)?.error).toBe(
      'Ritiro non prenotabile: la data 27/11/2026 è già passata',
    );
  });

  it('refuses with status 0.6 a courier booking no pickups, an unknown courier or service, too many parcels', () => {
    expect(pickupRefusal(request({ corriere: 71 }), europa, MONDAY_TEN)).toEqual({
      status: 0.6,
      error: 'Demo Europa non effettua ritiri su prenotazione',
    });
    expect(pickupRefusal(request({ corriere: 99 }), undefined, MONDAY_TEN)).toEqual({
      status: 0.6,
      error: 'Corriere 99 non abilitato',
    });
    expect(pickupRefusal(request({ servizio: 9 }), express, MONDAY_TEN)?.error).toBe(
      'Servizio 9 non disponibile per il corriere',
    );
    expect(pickupRefusal(request({ colli: 31 }), express, MONDAY_TEN)?.error).toBe(
      'Ritiro non prenotabile: colli oltre il massimo del corriere (30)',
    );
  });
});
