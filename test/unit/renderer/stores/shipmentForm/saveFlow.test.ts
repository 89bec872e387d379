// What a save decides before it reaches the station: where the focus goes for a form the schema refuses, and what
// the next shipment starts with.
import { describe, expect, it } from 'vitest';
import { fieldIssue } from '../../../../../src/shared/api/fieldIssues';
import { emptyValues } from '../../../../../src/shared/domain/shipmentForm';
import { firstInvalidField, nextValues } from '../../../../../src/renderer/stores/shipmentForm/saveFlow';

const wrong = fieldIssue('required');

describe('the field a refused save focuses', () => {
  it('is the first wrong field in the order the screen shows them, not the order the errors came in', () => {
    expect(firstInvalidField({ peso: wrong, rcpt_cap: wrong, rcpt_name: wrong })).toBe('rcpt_name');
  });

  it('is the first wrong parcel cell when only the parcel table is wrong', () => {
    expect(firstInvalidField({ 'daticolli.1.peso': wrong, 'daticolli.0.altezza': wrong })).toBe('daticolli.1.peso');
  });

  it('is a field before any parcel cell', () => {
    expect(firstInvalidField({ 'daticolli.0.peso': wrong, note: wrong })).toBe('note');
  });

  it('is the nested key of a field when its error is on a part of it', () => {
    expect(firstInvalidField({ 'carrier4_options.1': wrong })).toBe('carrier4_options.1');
  });

  it('is none when no field of the form is named (the save goes on, the station has the last word)', () => {
    expect(firstInvalidField({})).toBeUndefined();
    expect(firstInvalidField({ somewhere_else: wrong })).toBeUndefined();
    expect(firstInvalidField({ pesoX: wrong })).toBeUndefined();
  });
});

describe('the next shipment’s values', () => {
  const current = { ...emptyValues(), client_id: '7', merce: 'Libri', origine: 'FR', rcpt_name: 'Rossi', peso: '2' };

  // The goods are no longer kept: a scanned order's are its own, a shipment typed by hand takes the word typed last
  // or the bench's default (./goodsWord).
  it('keep the client and the origin when the sticky fields stay, and nothing else', () => {
    expect(nextValues(current, true)).toEqual({ ...emptyValues(), client_id: '7', origine: 'FR' });
  });

  it('keep only the client otherwise', () => {
    expect(nextValues(current, false)).toEqual({ ...emptyValues(), client_id: '7' });
  });
});
