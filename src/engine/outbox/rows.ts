// Each outbox row kind's payload: a zod schema and the version this code writes. Rows are written and read only
// through here; a row that does not read (corrupt, another shape, or written by a newer version) is told apart with
// the reason, so the worker can park it and go on with the rows of other shipments.
import { z } from 'zod';
import { CreateShipmentRequestSchema } from '../../shared/api/shipmentRequest';

/** The version of each kind's payload this code writes and reads; a newer row is parked, never guessed at. */
export const OUTBOX_ROW_VERSION = 1;

/** What non-create rows carry so the worker can address the remote shipment even after the local row is gone. */
const ShipmentRefSchema = z.object({
  remote_id: z.number().int().positive().optional(),
  ddt_alpha: z.string().min(1),
  client_id: z.number().int().positive(),
});
export type ShipmentRef = z.infer<typeof ShipmentRefSchema>;

/**
 * The create request as validated at entry, with its reference fixed; later changes merge into it until sent. The
 * fields the worker compares with a shipment found by reference are read with the request's own field schemas
 * (optional: rows queued before this check existed may lack them).
 */
const CreatePayloadSchema = z.looseObject({
  ...ShipmentRefSchema.shape,
  ddt_num: z.number().int().positive(),
  rcpt_cap: CreateShipmentRequestSchema.shape.rcpt_cap.optional(),
  colli: CreateShipmentRequestSchema.shape.colli.optional(),
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

/** A row's kind with the payload its schema read: switching on `kind` gives the payload's type, no cast needed. */
export type OutboxEntry = { [K in OutboxKind]: { kind: K; payload: OutboxPayload<K> } }[OutboxKind];

export type ReadEntry = { ok: true; entry: OutboxEntry } | { ok: false; reason: string };
export type ReadRow = { ok: true; payload: OutboxEntry['payload'] } | { ok: false; reason: string };

type Checked<T> = { success: true; data: T } | { success: false; error: z.ZodError };

function entryOf<K extends OutboxKind>(
  kind: K,
  parsed: Checked<OutboxPayload<K>>,
): Checked<{ kind: K; payload: OutboxPayload<K> }> {
  return parsed.success ? { success: true, data: { kind, payload: parsed.data } } : parsed;
}

const isOutboxKind = (kind: string): kind is OutboxKind => Object.hasOwn(OUTBOX_PAYLOADS, kind);

/** The row's payload read through its kind's schema. */
function parseEntry(kind: OutboxKind, json: unknown): Checked<OutboxEntry> {
  switch (kind) {
    case 'create':
      return entryOf(kind, OUTBOX_PAYLOADS.create.safeParse(json));
    case 'amend':
      return entryOf(kind, OUTBOX_PAYLOADS.amend.safeParse(json));
    case 'delete':
      return entryOf(kind, OUTBOX_PAYLOADS.delete.safeParse(json));
    case 'confirm':
      return entryOf(kind, OUTBOX_PAYLOADS.confirm.safeParse(json));
  }
}

/** A stored row's payload, or why this station cannot read it. */
export function readPayload(row: { kind: string; payload: string; version: number }): ReadRow {
  const read = readEntry(row);
  return read.ok ? { ok: true, payload: read.entry.payload } : read;
}

/** A stored row's kind and payload, or why this station cannot read it (the text shown to the operator, in Italian). */
export function readEntry(row: { kind: string; payload: string; version: number }): ReadEntry {
  if (!isOutboxKind(row.kind))
    return { ok: false, reason: `Riga della coda di sincronizzazione di tipo sconosciuto (${row.kind})` };
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
  const parsed = parseEntry(row.kind, json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(riga)').join(', ');
    return {
      ok: false,
      reason: `Riga della coda di sincronizzazione illeggibile (${row.kind}): campi non validi: ${where}`,
    };
  }
  return { ok: true, entry: parsed.data };
}

/** The payload to store for a row of this kind, checked against its schema (a bug here must not reach the queue). */
export function writePayload<K extends OutboxKind>(kind: K, payload: OutboxPayload<K>): string {
  return JSON.stringify(OUTBOX_PAYLOADS[kind].parse(payload));
}
