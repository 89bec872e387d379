// Liberal spellings (a number sent as text, a code in lower case, one object where a list is due) declared once, with
// the field they belong to, and two ways to apply them: inside the field's schema (`z.preprocess`, so a field checked
// on its own, as an amendment's, takes them), or for a whole request as one plain pass before a schema without the
// wrappers, which parses the same bodies to the same values and issues without a pipe and a payload per field.
import { z } from 'zod';

/** A spelling taken besides the field's own: a pure function of the value, which never adds an issue. */
export type Spelling = (value: unknown) => unknown;

const SPELLINGS = new WeakSet<Spelling>();

/** `schema` taking `spelling` too: z.preprocess, marked so that plainParser may lift it out. */
export function liberal<S extends z.ZodType>(spelling: Spelling, schema: S) {
  SPELLINGS.add(spelling);
  return z.preprocess(spelling, schema);
}

type Schema = z.core.$ZodType;

interface Plain {
  schema: Schema;
  spell?: Spelling;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema of the same kind with another definition (its checks, its inner schema), as zod's own methods make. */
const remade = <S extends Schema>(schema: S, def: S['_zod']['def']): S => z.core.util.clone(schema, def);

/**
 * The schema without its marked wrappers, and the spellings they applied, in the same order. A wrapper's own checks
 * (a refinement after the preprocess) move onto the schema it wrapped, after that schema's own, where they ran.
 * Unions keep their wrappers: a spelling lifted out of one branch would reach the others.
 */
function plain(schema: Schema): Plain {
  if (schema instanceof z.ZodPipe) {
    const { in: from, out: to } = schema.def;
    if (from instanceof z.ZodTransform && SPELLINGS.has(from.def.transform as Spelling)) {
      const spelling = from.def.transform as Spelling;
      const inner = plain(to);
      const checks = schema.def.checks ?? [];
      const merged = checks.length === 0 ? inner.schema : withChecks(inner.schema, checks);
      const then = inner.spell;
      return { schema: merged, spell: then ? (value) => then(spelling(value)) : spelling };
    }
    const inner = plain(from);
    return inner.spell
      ? { schema: remade(schema, { ...schema.def, in: inner.schema }), spell: inner.spell }
      : { schema };
  }
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) {
    const inner = plain(schema.def.innerType);
    // Absent stays absent: no spelling turns undefined into a value, so the default is still the default.
    return inner.spell
      ? { schema: remade(schema, { ...schema.def, innerType: inner.schema }), spell: inner.spell }
      : { schema };
  }
  if (schema instanceof z.ZodArray) {
    const inner = plain(schema.def.element);
    const each = inner.spell;
    if (!each) return { schema };
    return {
      schema: remade(schema, { ...schema.def, element: inner.schema }),
      spell: (value) => (Array.isArray(value) ? value.map(each) : value),
    };
  }
  if (schema instanceof z.ZodObject) return plainObject(schema);
  return { schema };
}

function withChecks(schema: Schema, checks: readonly z.core.$ZodCheck<never>[]): Schema {
  const def = schema._zod.def;
  return remade(schema, { ...def, checks: [...(def.checks ?? []), ...checks] });
}

function plainObject(schema: z.ZodObject): Plain {
  const shape: Record<string, Schema> = {};
  const spellings = new Map<string, Spelling>();
  for (const [key, field] of Object.entries(schema.def.shape as Record<string, Schema>)) {
    const inner = plain(field);
    shape[key] = inner.schema;
    if (inner.spell) spellings.set(key, inner.spell);
  }
  if (spellings.size === 0) return { schema };
  return {
    schema: remade(schema, { ...schema.def, shape }),
    // A copy: the body as sent stays as sent (its missing fields are named from it). Only the keys it has are looked
    // at: a body sends a fraction of the fields.
    spell: (value) => {
      if (!isRecord(value)) return value;
      const out: Record<string, unknown> = { ...value };
      for (const key of Object.keys(value)) {
        const spelling = spellings.get(key);
        if (spelling) out[key] = spelling(value[key]);
      }
      return out;
    },
  };
}

/** `schema`'s safeParse, its marked spellings applied first in one pass: the same data, the same issues. */
export function plainParser<S extends z.ZodType>(schema: S): (raw: unknown) => z.ZodSafeParseResult<z.output<S>> {
  const { schema: bare, spell } = plain(schema);
  // The derived schema has the same output as the one it came from (only where its spellings run changed).
  const parse = (value: unknown) => z.safeParse(bare, value) as z.ZodSafeParseResult<z.output<S>>;
  return spell ? (raw) => parse(spell(raw)) : parse;
}
