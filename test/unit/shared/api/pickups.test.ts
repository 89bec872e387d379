// POST pickup's body as the service reads it: the required fields named when missing, numbers as numbers or numeric
// text, the day alone or with the time the real clients add, times with or without seconds; each bad field said.
import { describe, expect, it } from 'vitest';
import { parsePickupRequest } from '../../../../src/shared/api/pickups';

const body = {
  client_id: 1001,
  corriere: 70,
  servizio: 1,
  colli: 3,
  peso: 7.5,
  date_req_ritiro: '2026-11-30',
  opening_time: '14:00:00',
  closing_time: '18:00:00',
};

describe('a pickup request', () => {
  it('is read liberally: numeric text, a day with its time, times without seconds, a comma in the weight', () => {
    const parsed = parsePickupRequest({
      ...body,
      colli: '3',
      peso: '7,5',
      date_req_ritiro: '2026-11-30 09:00:00',
      opening_time: '14:00',
      note_sender: ' citofono 2 ',
    });
    expect(parsed).toEqual({
      ok: true,
      value: { ...body, opening_time: '14:00:00', note_sender: 'citofono 2' },
    });
  });

  it('names the required fields that are missing, then the ones that are wrong', () => {
    expect(parsePickupRequest({ client_id: 1001 })).toEqual({
      ok: false,
      error: 'Campi obbligatori mancanti: corriere, servizio, colli, peso, date_req_ritiro, opening_time, closing_time',
    });
    expect(parsePickupRequest({ ...body, colli: 0, date_req_ritiro: '2026-02-30', closing_time: '25:00' })).toEqual({
      ok: false,
      error:
        'Campi non validi: colli: atteso un numero intero maggiore di 0; ' +
        'date_req_ritiro: attesa una data AAAA-MM-GG; closing_time: atteso un orario HH:MM:SS',
    });
    expect(parsePickupRequest([body])).toMatchObject({ ok: false });
  });
});
