// Each outbox row kind's payload: a zod schema and the version this code writes. Rows are written and read only
// through here; a row that does not read (corrupt, another shape, or written by a newer version) is told apart with
// the reason, so the worker can park it and go on with the rows of other shipments.
import { z } from 'zod';

/** The version of each kind's payload this code writes and reads; a newer row is parked, never guessed at. */
export const OUTBOX_ROW_VERSION = 1;

/** What non-create rows carry so the worker can address the remote shipment even after the local row is gone. */
const ShipmentRefSchema = z.object({
  remote_id: z.number().int().positive().optional(),
  ddt_alpha: z.string().min(1),
  client_id: z.number().int().positive(),
});
export type ShipmentRef = z.infer<typeof ShipmentRefSchema>;

/** The create request as validated at entry, with its reference fixed; later changes merge into it until sent. */
const CreatePayloadSchema = z.looseObject({
  ...ShipmentRefSchema.shape,
  ddt_num: z.number().int().positive(),
});

const AmendPayloadSchema = ShipmentRefSchema.extend({ fields: z.record(z.string(), z.unknown()) });

const OUTBOX_PAYLOADS = {
  create: CreatePayloadSchema,
  amend: AmendPayloadSchema,
  delete: ShipmentRefSchema,
  confirm: ShipmentRefSchema,
} as const;

export type OutboxKind = keyof typeof OUTBOX_PAYLOADS;
export type OutboxPayload<K extends OutboxKind> = z.infer<(typeof OUTBOX_PAYLOADS)[K]>;

export type ReadRow = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

/** A stored row's payload, or why this station cannot read it (the text shown to the operator, in Italian). */
export function readPayload(row: { kind: string; payload: string; version: number }): ReadRow {
  const schema = (OUTBOX_PAYLOADS as Partial<Record<string, z.ZodType<Record<string, unknown>>>>)[row.kind];
  if (!schema) return { ok: false, reason: `Riga della coda di sincronizzazione di tipo sconosciuto (${row.kind})` };
  if (row.version > OUTBOX_ROW_VERSION) {
    return {
      ok: false,
      reason:
        `Riga della coda di sincronizzazione scritta da una versione più recente (${row.kind} v${row.version}, ` +
        `questa postazione legge fino alla v${OUTBOX_ROW_VERSION}): aggiornare la postazione`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return { ok: false, reason: `Riga della coda di sincronizzazione illeggibile (${row.kind}): contenuto non valido` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(riga)').join(', ');
    return {
      ok: false,
      reason: `Riga della coda di sincronizzazione illeggibile (${row.kind}): campi non validi: ${where}`,
    };
  }
  return { ok: true, payload: parsed.data };
}

/** The payload to store for a row of this kind, checked against its schema (a bug here must not reach the queue). */
export function writePayload<K extends OutboxKind>(kind: K, payload: OutboxPayload<K>): string {
  return JSON.stringify(OUTBOX_PAYLOADS[kind].parse(payload));
}
