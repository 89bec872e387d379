// A request parsed with its liberal spellings lifted out of the schema (one pass, then the schema without wrappers)
// is taken or refused exactly as the schema with the wrappers takes or refuses it: same values, same issues.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liberal, plainParser } from '../../../../src/shared/api/liberal';
import { CreateShipmentRequestSchema } from '../../../../src/shared/api/shipmentRequest';
import { validShipment } from '../../../fixtures/shipments';

/** What a client could send in any field: every type, numbers as text and back, blanks, lists, one object. */
const SPELLINGS: readonly unknown[] = [
  undefined,
  null,
  '',
  '   ',
  ' x ',
  0,
  1,
  2,
  -1,
  1.5,
  12345678,
  '0',
  '1',
  ' 2 ',
  '1.5',
  '-3',
  'abc',
  true,
  {},
  [],
  [{}],
  ['a@b.it'],
  { peso: '1.5', volume: 0.01 },
  [{ peso: '1.5' }],
  { sku: 12, qty: '2', prezzo_singolo: '3.5', extra: 'kept' },
  'zpl',
  ' pdf ',
  'n',
  'S',
  'it',
  ' de ',
  'XX',
  'a@b.it',
  ' a@b.it ',
  '2026-01-02',
  '2026-01-02T10:20',
  '10:20',
  'eur',
  'gift',
  'data:application/pdf;base64,QUJD',
];

const FIELDS = Object.keys(CreateShipmentRequestSchema.shape);

/** The parse's outcome as a client sees it: the values, or each issue's field, code and words. */
function outcome(result: z.ZodSafeParseResult<unknown>) {
  if (result.success) return { data: result.data };
  return { issues: result.error.issues.map(({ path, code, message }) => ({ path, code, message })) };
}

describe('a request parsed with its spellings lifted out of the schema', () => {
  const parse = plainParser(CreateShipmentRequestSchema);

  it('is taken or refused as the schema with its wrappers takes or refuses it, whatever one field holds', () => {
    let compared = 0;
    for (const base of [validShipment(), validShipment({ documenti: '1', merce: '', colli: '2' })]) {
      for (const field of [...FIELDS, 'colore']) {
        for (const value of SPELLINGS) {
          const body: Record<string, unknown> = { ...base, [field]: value };
          if (value === undefined) delete body[field];
          expect(outcome(parse(body)), `${field}: ${JSON.stringify(value)}`).toEqual(
            outcome(CreateShipmentRequestSchema.safeParse(body)),
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(5_000);
  });

  it('takes numbers as text and text as numbers in every field at once, as the wrappers do', () => {
    const body = Object.fromEntries(
      Object.entries(
        validShipment({
          daticolli: { peso: '2.5', altezza: '10' },
          dettagli_ordine: { sku: 12, qty: '2', peso_riga: '0.5', colore: 'rosso' },
          labelType: ' zpl ',
          tipo_transazione: ' Sale ',
          al_sabato: 's',
          rcpt_emails_extra: [' a@b.it '],
        }),
      ).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
    );
    const parsed = parse({ ...body, rcpt_cap: 47121, rcpt_phone: 543123456 });
    expect(parsed.success).toBe(true);
    expect(outcome(parsed)).toEqual(
      outcome(CreateShipmentRequestSchema.safeParse({ ...body, rcpt_cap: 47121, rcpt_phone: 543123456 })),
    );
    expect(parsed.data).toMatchObject({ corriere: 70, peso: 2.5, rcpt_cap: '47121', labelType: 'ZPL', al_sabato: 'S' });
    expect(parsed.data?.dettagli_ordine[0]).toMatchObject({ sku: '12', qty: 2, colore: 'rosso' });
  });

  it('leaves the body as it was sent (its missing fields are named from it)', () => {
    const body = validShipment({ peso: '2.5', daticolli: { peso: '2.5' } });
    const before = structuredClone(body);
    parse(body);
    expect(body).toEqual(before);
  });

  it('keeps a spelling inside a union where it was: a blank does not become a code of the other branch', () => {
    const schema = z.object({
      code: z.union([z.literal(''), liberal((v) => (typeof v === 'string' ? v.trim() : v), z.enum(['IT']))]),
    });
    for (const code of ['', ' ', ' IT', 'IT', 3]) {
      expect(outcome(plainParser(schema)({ code }))).toEqual(outcome(schema.safeParse({ code })));
    }
    expect(plainParser(schema)({ code: ' ' }).success).toBe(false);
  });

  it('still runs the refinements written after a spelling, after the schema it wrapped', () => {
    const positive = liberal((v) => (typeof v === 'string' ? Number(v) : v), z.number().int()).refine((v) => v > 0, {
      error: 'at least one',
    });
    const schema = z.object({ n: positive });
    for (const n of ['0', '2', 0, 1.5, 'x'])
      expect(outcome(plainParser(schema)({ n }))).toEqual(outcome(schema.safeParse({ n })));
    expect(plainParser(schema)({ n: '0' }).error?.issues[0]?.message).toBe('at least one');
  });

  it('leaves a preprocess that is not a marked spelling where it is', () => {
    const schema = z.object({ n: z.preprocess((v) => (v === 'none' ? 0 : v), z.number()) });
    expect(plainParser(schema)({ n: 'none' })).toMatchObject({ success: true, data: { n: 0 } });
  });
});
