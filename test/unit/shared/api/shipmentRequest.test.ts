// The spec's first-level validation (POST Shipment, the two confirmations, PATCH): what a shop system sends and the
// Italian 400 text it gets back.
import { describe, expect, it } from 'vitest';
import { parseAmendment } from '../../../../src/shared/api/amend';
import { parseConfirmByDdtnum, parseConfirmById } from '../../../../src/shared/api/confirm';
import { MSG } from '../../../../src/shared/api/messages';
import {
  fieldErrors,
  parseCreateShipment,
  REQUIRED_FIELDS,
  type CreateShipmentRequest,
} from '../../../../src/shared/api/shipmentRequest';
import { MILAN_SHIPMENT } from '../../../fixtures/shipments';

const VALID = { ...MILAN_SHIPMENT, rcpt_name: 'Libreria Rossi' };

function accepted(body: Record<string, unknown>): CreateShipmentRequest {
  const parsed = parseCreateShipment(body);
  if (!parsed.ok) throw new Error(`expected the body to be accepted, got: ${parsed.error}`);
  return parsed.value;
}

function refusal(body: unknown): string {
  const parsed = parseCreateShipment(body);
  if (parsed.ok) throw new Error('expected the body to be refused');
  return parsed.error;
}

function without(field: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...VALID };
  delete copy[field];
  return copy;
}

describe('POST Shipment validation', () => {
  it('accepts a complete shipment as sent', () => {
    const value = accepted(VALID);
    expect(value).toMatchObject(VALID);
    expect(value.valuta).toBe('EUR');
  });

  it.each(REQUIRED_FIELDS)('names the starred field %s when it is missing', (field) => {
    expect(refusal(without(field))).toBe(`Campi obbligatori mancanti: ${field}`);
  });

  it('names every starred field, in the spec order, when the body is empty', () => {
    expect(refusal({})).toBe(`Campi obbligatori mancanti: ${REQUIRED_FIELDS.join(', ')}`);
    expect(REQUIRED_FIELDS).toEqual([
      'corriere',
      'servizio',
      'client_id',
      'colli',
      'volume',
      'peso',
      'origine',
      'merce',
      'rcpt_contact',
      'rcpt_name',
      'rcpt_prov',
      'rcpt_cap',
      'rcpt_city',
      'rcpt_addr',
      'rcpt_phone',
      'rcpt_email',
      'rcpt_country_code',
    ]);
  });

  it('takes null and blank text in a starred field as missing', () => {
    expect(refusal({ ...VALID, rcpt_name: '   ', rcpt_city: null })).toBe(
      'Campi obbligatori mancanti: rcpt_name, rcpt_city',
    );
  });

  it('lists missing fields first and then invalid ones with their reasons', () => {
    expect(refusal({ ...without('merce'), peso: -1 })).toBe(
      'Campi obbligatori mancanti: merce. Campi non validi: peso: non può essere negativo',
    );
  });

  it('refuses a body that is not a JSON object', () => {
    expect(refusal([VALID])).toBe(MSG.bodyNotObject);
    expect(refusal('corriere=70')).toBe(MSG.bodyNotObject);
    expect(refusal(null)).toBe(MSG.bodyNotObject);
  });

  it('refuses a client_id of 8 digits (the spec allows at most 7 characters) and accepts 7', () => {
    expect(refusal({ ...VALID, client_id: 12345678 })).toBe('Campi non validi: client_id: al massimo 7 caratteri');
    expect(refusal({ ...VALID, client_id: '12345678' })).toBe('Campi non validi: client_id: al massimo 7 caratteri');
    expect(accepted({ ...VALID, client_id: 1234567 }).client_id).toBe(1234567);
  });

  it('accepts numeric strings for numbers', () => {
    const value = accepted({
      ...VALID,
      corriere: '70',
      servizio: ' 1 ',
      client_id: '1001',
      colli: '2',
      peso: '2.5',
      volume: '0.04',
      valore: '150',
    });
    expect(value).toMatchObject({
      corriere: 70,
      servizio: 1,
      client_id: 1001,
      colli: 2,
      peso: 2.5,
      volume: 0.04,
      valore: 150,
    });
  });

  it('refuses text that is not a number where a number is due', () => {
    expect(refusal({ ...VALID, peso: '2,5 kg' })).toBe('Campi non validi: peso: deve essere un numero');
    expect(refusal({ ...VALID, colli: 1.5 })).toBe('Campi non validi: colli: deve essere un numero intero');
  });

  it('accepts postal codes and phone numbers sent as numbers and keeps them as strings', () => {
    const value = accepted({ ...VALID, rcpt_cap: 20121, rcpt_phone: 3331234567, sender_phone: 21234567 });
    expect(value.rcpt_cap).toBe('20121');
    expect(value.rcpt_phone).toBe('3331234567');
    expect(value.sender_phone).toBe('21234567');
  });

  it('accepts ISO country codes in any case and refuses codes that do not exist', () => {
    const value = accepted({ ...VALID, rcpt_country_code: 'it', origine: ' de ', sender_country_code: 'Fr' });
    expect([value.rcpt_country_code, value.origine, value.sender_country_code]).toEqual(['IT', 'DE', 'FR']);
    expect(refusal({ ...VALID, rcpt_country_code: 'XX' })).toBe(
      'Campi non validi: rcpt_country_code: codice paese ISO 3166 di 2 lettere non valido',
    );
    expect(refusal({ ...VALID, origine: 'ITA' })).toBe(
      'Campi non validi: origine: codice paese ISO 3166 di 2 lettere non valido',
    );
  });

  it('wants a province of exactly two characters', () => {
    expect(accepted({ ...VALID, rcpt_prov: 'mi' }).rcpt_prov).toBe('MI');
    expect(refusal({ ...VALID, rcpt_prov: 'MIL' })).toBe('Campi non validi: rcpt_prov: sigla di 2 caratteri');
    expect(refusal({ ...VALID, rcpt_prov: 'M' })).toBe('Campi non validi: rcpt_prov: sigla di 2 caratteri');
    expect(refusal({ ...VALID, sender_prov: 'Milano' })).toBe('Campi non validi: sender_prov: sigla di 2 caratteri');
  });

  it('refuses a malformed recipient e-mail', () => {
    expect(refusal({ ...VALID, rcpt_email: 'mario.example.it' })).toBe(
      'Campi non validi: rcpt_email: indirizzo e-mail non valido',
    );
    expect(refusal({ ...VALID, rcpt_emails_extra: ['ok@example.it', 'nope'] })).toBe(
      'Campi non validi: rcpt_emails_extra.1: indirizzo e-mail non valido',
    );
  });

  it('wants at least one parcel', () => {
    expect(refusal({ ...VALID, colli: 0 })).toBe('Campi non validi: colli: deve essere almeno 1');
    expect(refusal({ ...VALID, colli: -2 })).toBe('Campi non validi: colli: non può essere negativo');
  });

  it('refuses a negative weight', () => {
    expect(refusal({ ...VALID, peso: -1 })).toBe('Campi non validi: peso: non può essere negativo');
    expect(refusal({ ...VALID, peso: '-0.5' })).toBe('Campi non validi: peso: non può essere negativo');
  });

  it('refuses a weight or an amount no parcel can have, which would turn into a weight that is not a number', () => {
    expect(refusal({ ...VALID, peso: 1e306 })).toBe('Campi non validi: peso: al massimo 1000000000');
    expect(refusal({ ...VALID, contrassegno: 2e9 })).toBe('Campi non validi: contrassegno: al massimo 1000000000');
    expect(accepted({ ...VALID, peso: 1_000_000_000 }).peso).toBe(1_000_000_000);
  });

  it('takes S/N service flags in either case and refuses other values', () => {
    const value = accepted({ ...VALID, al_sabato: 's', al_piano: 'N', preavviso_telefonico: '' });
    expect([value.al_sabato, value.al_piano, value.preavviso_telefonico, value.fermo_deposito]).toEqual([
      'S',
      'N',
      '',
      '',
    ]);
    expect(refusal({ ...VALID, al_piano: 'X' })).toBe('Campi non validi: al_piano: valori ammessi: S o N');
    expect(refusal({ ...VALID, reso_contestuale: 'SI' })).toBe(
      'Campi non validi: reso_contestuale: valori ammessi: S o N',
    );
  });

  it('offers only PDF or ZPL as labelType', () => {
    expect(accepted({ ...VALID, labelType: 'zpl' }).labelType).toBe('ZPL');
    expect(accepted({ ...VALID, labelType: 'PDF' }).labelType).toBe('PDF');
    expect(accepted(VALID).labelType).toBeUndefined();
    expect(refusal({ ...VALID, labelType: 'JPG' })).toBe('Campi non validi: labelType: valori ammessi: PDF, ZPL');
  });

  it('wants one daticolli entry per parcel', () => {
    expect(refusal({ ...VALID, colli: 2, daticolli: [{ peso: 1 }] })).toBe(
      'Campi non validi: daticolli: il numero di elementi deve essere uguale a colli',
    );
    expect(refusal({ ...VALID, colli: 1, daticolli: [{ peso: 1 }, { peso: 1 }] })).toBe(
      'Campi non validi: daticolli: il numero di elementi deve essere uguale a colli',
    );
    expect(accepted({ ...VALID, colli: 2, daticolli: [{ peso: '1.5' }, { peso: 1, altezza: 20 }] }).daticolli).toEqual([
      { peso: 1.5 },
      { peso: 1, altezza: 20 },
    ]);
  });

  it('drops fields the spec does not know', () => {
    const value = accepted({ ...VALID, colore: 'rosso', __proto__extra: 1 });
    expect(value).not.toHaveProperty('colore');
    expect(value).not.toHaveProperty('__proto__extra');
  });
});

describe('field errors for the bench form', () => {
  it('maps each field to its first issue: a stable code and the Italian reason', () => {
    expect(fieldErrors({ ...VALID, rcpt_name: '', peso: -1, rcpt_prov: 'MIL' })).toEqual({
      rcpt_name: { code: 'required', message: 'obbligatorio' },
      peso: { code: 'nonNegative', message: 'non può essere negativo' },
      rcpt_prov: { code: 'province', message: 'sigla di 2 caratteri' },
    });
  });

  it('carries the value a code speaks of: a length, a maximum, the allowed values', () => {
    const errors = fieldErrors({ ...VALID, rcpt_name: 'x'.repeat(101), labelType: 'PNG', colli: 1000 });
    expect(errors.rcpt_name).toEqual({ code: 'maxChars', value: '100', message: 'al massimo 100 caratteri' });
    expect(errors.labelType).toMatchObject({ code: 'enumOf', value: 'PDF, ZPL', message: 'valori ammessi: PDF, ZPL' });
    expect(errors.colli).toEqual({ code: 'max', value: '999', message: 'al massimo 999' });
  });

  it("says zod's own checks in Italian with a code, never zod's English text", () => {
    const emails = Array.from({ length: 11 }, (_, i) => `a${i}@example.com`);
    expect(fieldErrors({ ...VALID, rcpt_emails_extra: emails }).rcpt_emails_extra).toEqual({
      code: 'maxItems',
      value: '10',
      message: 'al massimo 10 elementi',
    });
    const parsed = parseCreateShipment({ ...VALID, rcpt_emails_extra: emails });
    expect(parsed).toEqual({ ok: false, error: 'Campi non validi: rcpt_emails_extra: al massimo 10 elementi' });
  });

  it('marks every missing starred field as required', () => {
    const errors = fieldErrors({});
    expect(Object.keys(errors).sort()).toEqual([...REQUIRED_FIELDS].sort());
    expect(new Set(Object.values(errors).map((e) => `${e.code} ${e.message}`))).toEqual(
      new Set(['required obbligatorio']),
    );
  });

  it('has nothing to say about a valid shipment', () => {
    expect(fieldErrors(VALID)).toEqual({});
  });
});

describe('POST shipmentConfirm validation', () => {
  it('says exactly "ID spedizione non indicata" when neither id nor client_id is given', () => {
    expect(parseConfirmById({})).toEqual({ ok: false, error: 'ID spedizione non indicata' });
    expect(parseConfirmById({ id: [] })).toEqual({ ok: false, error: 'ID spedizione non indicata' });
    expect(parseConfirmById({ id: null, client_id: '' })).toEqual({ ok: false, error: 'ID spedizione non indicata' });
  });

  it('accepts ids sent as numbers or numeric strings, once each', () => {
    expect(parseConfirmById({ id: ['12', 13, ' 14 ', 13] })).toEqual({
      ok: true,
      value: { ids: [12, 13, 14], clientId: undefined, createManifest: false },
    });
  });

  it('refuses ids that are not positive whole numbers', () => {
    for (const id of [['abc'], [1.5], [0], [-3], ['12a']]) {
      expect(parseConfirmById({ id })).toEqual({ ok: false, error: MSG.confirmIdsInvalid });
    }
  });

  it('confirms a whole client when only client_id is given', () => {
    expect(parseConfirmById({ client_id: '1001' })).toEqual({
      ok: true,
      value: { ids: undefined, clientId: 1001, createManifest: false },
    });
    expect(parseConfirmById({ client_id: 'mille' })).toEqual({ ok: false, error: MSG.clientIdInvalid });
  });

  it('reads create_manifest as Y or N in either case and refuses anything else', () => {
    expect(parseConfirmById({ id: [1], create_manifest: 'Y' })).toMatchObject({
      ok: true,
      value: { createManifest: true },
    });
    expect(parseConfirmById({ id: [1], create_manifest: 'y' })).toMatchObject({
      ok: true,
      value: { createManifest: true },
    });
    expect(parseConfirmById({ id: [1], create_manifest: 'N' })).toMatchObject({
      ok: true,
      value: { createManifest: false },
    });
    expect(parseConfirmById({ id: [1], create_manifest: 'yes' })).toEqual({
      ok: false,
      error: 'create_manifest non valido: atteso Y o N',
    });
    expect(parseConfirmById({ id: [1], create_manifest: true })).toEqual({
      ok: false,
      error: 'create_manifest non valido: atteso Y o N',
    });
  });
});

describe('POST ShipmentConfirmByDdtnum validation', () => {
  const ddtNumError = { ok: false, error: 'ddt_num non indicati o indicati in formato errato' };

  it('refuses a missing ddt_num', () => {
    expect(parseConfirmByDdtnum({})).toEqual(ddtNumError);
    expect(parseConfirmByDdtnum({ client_id: 1001 })).toEqual(ddtNumError);
    expect(parseConfirmByDdtnum({ ddt_num: [] })).toEqual(ddtNumError);
  });

  it('refuses a ddt_num that is not an array', () => {
    expect(parseConfirmByDdtnum({ ddt_num: 5 })).toEqual(ddtNumError);
    expect(parseConfirmByDdtnum({ ddt_num: '5,6' })).toEqual(ddtNumError);
  });

  it('refuses references that are not whole numbers', () => {
    expect(parseConfirmByDdtnum({ ddt_num: [5, 1.5] })).toEqual(ddtNumError);
    expect(parseConfirmByDdtnum({ ddt_num: ['abc'] })).toEqual(ddtNumError);
    expect(parseConfirmByDdtnum({ ddt_num: [0] })).toEqual(ddtNumError);
  });

  it('accepts an array of integers, once each, with client_id and manifest flag', () => {
    expect(parseConfirmByDdtnum({ ddt_num: [5, 6, 5], client_id: 1001, create_manifest: 'Y' })).toEqual({
      ok: true,
      value: { ddtNums: [5, 6], clientId: 1001, createManifest: true },
    });
  });
});

describe('PATCH Shipment validation', () => {
  const allowed = ['note', 'note_sender', 'rcpt_phone', 'rcpt_email'];

  it('names every field the courier does not let PATCH change', () => {
    expect(parseAmendment({ rcpt_name: 'Altro', note: 'ok', peso: 3 }, allowed)).toEqual({
      ok: false,
      error: 'Campi non modificabili per questo corriere: rcpt_name, peso',
    });
  });

  it('refuses a field the courier allows but the spec does not know', () => {
    expect(parseAmendment({ colore: 'rosso' }, ['colore'])).toEqual({
      ok: false,
      error: 'Campi non modificabili per questo corriere: colore',
    });
  });

  it('checks each value as creation would', () => {
    expect(parseAmendment({ rcpt_email: 'nope', rcpt_phone: '' }, allowed)).toEqual({
      ok: false,
      error: 'Campi non validi: rcpt_email: indirizzo e-mail non valido; rcpt_phone: obbligatorio',
    });
  });

  it('returns the normalised values of a valid amendment', () => {
    expect(parseAmendment({ rcpt_phone: 3331234567, note: '  consegnare al portiere ' }, allowed)).toEqual({
      ok: true,
      value: { rcpt_phone: '3331234567', note: 'consegnare al portiere' },
    });
  });

  it('refuses an empty body or one that is not an object', () => {
    expect(parseAmendment({}, allowed)).toEqual({ ok: false, error: 'Nessun campo da modificare' });
    expect(parseAmendment(['note'], allowed)).toEqual({ ok: false, error: MSG.bodyNotObject });
  });
});
