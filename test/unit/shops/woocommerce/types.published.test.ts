// The bench's reading of WooCommerce's answers (src/shops/woocommerce/types.ts: an order, an order note, a tracking
// item) against WooCommerce's published schemas (test/fixtures/woocommerce/rest-v3.json): every field it declares is
// one WooCommerce documents (or answers, for the ones said why), and it takes every type WooCommerce documents for it,
// so an answer WooCommerce may give (a null e-mail, a price as a number) is never read as broken.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  WooCommerceNoteSchema,
  WooCommerceOrderSchema,
  WooCommerceTrackingSchema,
} from '../../../../src/shops/woocommerce/types';
import { ANSWERED_UNDOCUMENTED, documentedField } from '../../../peers/woocommerceDefinitions';

const READINGS: [string, z.ZodType][] = [
  ['order', WooCommerceOrderSchema],
  ['order_note', WooCommerceNoteSchema],
  ['shipment_tracking', WooCommerceTrackingSchema],
];

/** The field paths a zod reading declares ('billing.email', 'line_items[].price'), optional and nullable unwrapped. */
function declared(schema: z.ZodType, at = ''): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return declared(schema.unwrap() as z.ZodType, at);
  if (schema instanceof z.ZodArray) return declared(schema.element as z.ZodType, `${at}[]`);
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const path = at ? `${at}.${key}` : key;
    return [path, ...declared(field, path)];
  });
}

/** An answer with `value` at `path` and the fields a reading requires beside it. */
function answerWith(path: string, value: unknown, base: Record<string, unknown>): Record<string, unknown> {
  const build = (parts: string[]): unknown => {
    const [part, ...rest] = parts;
    if (part === undefined) return value;
    const [name = '', ...lists] = part.split('[]');
    let inner = build(rest);
    for (let i = 0; i < lists.length; i += 1) inner = [inner];
    return { [name]: inner };
  };
  return { ...base, ...(build(path.split('.')) as Record<string, unknown>) };
}
const BASES: Record<string, Record<string, unknown>> = {
  order: { id: 1 },
  order_note: { id: 1 },
  shipment_tracking: { tracking_id: 'a1b2' },
};

/** A value of each type WooCommerce documents; a date not reached is null (wc_rest_prepare_date_response). */
const SAMPLES: Record<string, unknown[]> = {
  string: ['testo'],
  integer: [7],
  number: [12.5],
  boolean: [true],
  null: [null],
  'date-time': ['2026-11-29T10:15:00', null],
  mixed: ['testo'],
};

describe('the bench’s reading of WooCommerce’s answers against WooCommerce’s published schemas', () => {
  it('declares only fields WooCommerce documents, or answers for a reason said', () => {
    for (const [name, reading] of READINGS) {
      const answered = ANSWERED_UNDOCUMENTED[name] ?? {};
      const unknown = declared(reading).filter((path) => !documentedField(name, path) && !answered[path]);
      expect({ name, unknown }).toEqual({ name, unknown: [] });
    }
  });

  it('takes each field in every type WooCommerce documents for it: a price as a number, a null e-mail…', () => {
    const refused: string[] = [];
    for (const [name, reading] of READINGS) {
      for (const path of declared(reading)) {
        const spec = documentedField(name, path);
        if (!spec) continue;
        const types = (Array.isArray(spec.type) ? spec.type : [spec.type]).filter(
          (t) => t !== 'object' && t !== 'array',
        );
        for (const value of types.flatMap((type) => SAMPLES[type] ?? [])) {
          const answer = answerWith(path, value, BASES[name] ?? {});
          if (!reading.safeParse(answer).success) refused.push(`${name} ${path}: ${JSON.stringify(value)}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
