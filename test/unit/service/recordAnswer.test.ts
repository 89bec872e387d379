// A created shipment's answer written from its label bytes: the very bytes JSON.stringify of its record gives.
import { afterEach, describe, expect, it } from 'vitest';
import { recordAnswer } from '../../../src/service/recordAnswer';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

const KEY = 'record-answer-key-0001';
const config = { users: [{ api_key: KEY, client_ids: [1001] }] };

afterEach(closeEngines);

describe("a created shipment's answer", () => {
  it('is byte for byte its record as JSON, labels of every parcel and texts JSON must escape included', async () => {
    const { engine, caller } = openEngine(KEY, { config });
    // Quotes, a backslash, accents and one note that spells the record's own label keys.
    const note = 'Citofono "Rossi" \\ 2º piano ✓ "label_jpg":[],"label_pdf":[]';
    const body = validShipment({ colli: 3, note, rcpt_name: 'Zoë "l\'ottica"' });
    const outcome = await engine.createShipment(caller, body);
    if (outcome.kind !== 'created' || !outcome.files) throw new Error(`not created with its files: ${outcome.kind}`);
    const answer = recordAnswer(outcome.files);
    expect(answer.toString('utf8')).toBe(JSON.stringify(outcome.record));
    expect(outcome.record.label_pdf).toHaveLength(3);
    expect(outcome.record.label_jpg).toHaveLength(3);
    expect(JSON.stringify(engine.getShipment(caller, outcome.record.id))).toBe(answer.toString('utf8'));
  });

  it('is its record as JSON when a label thread drew the labels', async () => {
    const { engine, caller } = openEngine(KEY, { config, labelThreads: true });
    const outcome = await engine.createShipment(caller, validShipment({ colli: 2 }));
    if (outcome.kind !== 'created' || !outcome.files) throw new Error(`not created with its files: ${outcome.kind}`);
    expect(outcome.files.jpg).toHaveLength(2);
    const answer = recordAnswer(outcome.files).toString('utf8');
    expect(answer).toBe(JSON.stringify(outcome.record));
    expect(answer).toBe(JSON.stringify(engine.getShipment(caller, outcome.record.id)));
  });

  it("is its record as JSON whatever the files' sizes, written a piece at a time", async () => {
    const { engine, caller } = openEngine(KEY, { config });
    const outcome = await engine.createShipment(caller, validShipment({ colli: 1 }));
    if (outcome.kind !== 'created' || !outcome.files) throw new Error(`not created with its files: ${outcome.kind}`);
    // Empty, shorter than a piece, around a piece's edge (48 KiB) and several pieces long, none a multiple of 3.
    const file = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed) % 256);
    const jpg = [0, 1, 2, 49_151, 49_152, 49_153].map((size, i) => file(size, i));
    const pdf = [150_001, 5].map((size, i) => file(size, i + 10));
    const expected = {
      ...outcome.files.record,
      label_jpg: jpg.map((f) => Buffer.from(f).toString('base64')),
      label_pdf: pdf.map((f) => Buffer.from(f).toString('base64')),
    };
    const answer = recordAnswer({ record: outcome.files.record, jpg, pdf });
    expect(answer.toString('utf8')).toBe(JSON.stringify(expected));
  });

  it('holds the ZPL label GET Shipment reads back when a text has a lone surrogate, full or ZPL only', async () => {
    const { engine, caller } = openEngine(KEY, { config });
    // Legal in the request's JSON ("\\ud800"); the label is stored as UTF-8, which has no such character.
    const note = 'Citofono \ud800 Rossi';
    const full = await engine.createShipment(caller, validShipment({ note }));
    const zplOnly = await engine.createShipment(caller, validShipment({ note, labelType: 'ZPL' }));
    if (full.kind !== 'created' || !full.files || zplOnly.kind !== 'created') throw new Error('not created');
    const fullAnswer = recordAnswer(full.files).toString('utf8');
    expect(fullAnswer).toBe(JSON.stringify(engine.getShipment(caller, full.record.id)));
    expect(JSON.stringify(zplOnly.record)).toBe(JSON.stringify(engine.getShipment(caller, zplOnly.record.id)));
    expect(zplOnly.record.label_zpl[0]).toContain('Citofono \uFFFD Rossi');
  });

  it('is its record as JSON when one format of the pair was not asked for', async () => {
    const { engine, caller } = openEngine(KEY, { config });
    const outcome = await engine.createShipment(caller, validShipment({ labelType: 'PDF' }));
    if (outcome.kind !== 'created' || !outcome.files) throw new Error(`not created with its files: ${outcome.kind}`);
    expect(recordAnswer(outcome.files).toString('utf8')).toBe(JSON.stringify(outcome.record));
    expect(outcome.record.label_zpl).toEqual([]);
  });
});
