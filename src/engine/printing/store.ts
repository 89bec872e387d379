// The spooler's store over the station's SQLite file (the SpoolStore port of src/shared/domain/printJobs.ts).
import type { ClaimOutcome, NewPrintJob, PrintJob, PrintJobState, SpoolStore } from '../../shared/domain/printJobs';
import type { Db } from '../db/open';
import type { Clock } from '../ports';

interface Row {
  id: number;
  printer_id: string;
  kind: PrintJob['kind'];
  shipment_id: number | null;
  n_collo: number | null;
  manifest_id: number | null;
  format: 'ZPL' | 'PDF';
  content?: Buffer;
  state: PrintJobState;
  reason: string;
  attempts: number;
  auto_resends: number;
  batch_id: string | null;
  reprint_of: number | null;
  reprint_reason: string;
  created_at: number;
  updated_at: number;
  printed_at: number | null;
  counter_before: number | null;
}

const COLUMNS =
  'id, printer_id, kind, shipment_id, n_collo, manifest_id, format, state, reason, attempts, ' +
  'auto_resends, ' +
  'batch_id, reprint_of, reprint_reason, created_at, updated_at, printed_at, counter_before';

function toJob(row: Row): PrintJob {
  return {
    id: row.id,
    printerId: row.printer_id,
    kind: row.kind,
    format: row.format,
    state: row.state,
    reason: row.reason,
    attempts: row.attempts,
    autoResends: row.auto_resends,
    reprintReason: row.reprint_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.shipment_id !== null ? { shipmentId: row.shipment_id } : {}),
    ...(row.n_collo !== null ? { nCollo: row.n_collo } : {}),
    ...(row.manifest_id !== null ? { manifestId: row.manifest_id } : {}),
    ...(row.batch_id !== null ? { batchId: row.batch_id } : {}),
    ...(row.reprint_of !== null ? { reprintOf: row.reprint_of } : {}),
    ...(row.printed_at !== null ? { printedAt: row.printed_at } : {}),
    ...(row.counter_before !== null ? { counterBefore: row.counter_before } : {}),
  };
}

/** The store's statements, made once per connection. */
function statementsOf(db: Db) {
  return {
    insert: db.prepare<{
      printer_id: string;
      kind: string;
      shipment_id: number | null;
      n_collo: number | null;
      manifest_id: number | null;
      format: string;
      content: Buffer;
      batch_id: string | null;
      reprint_of: number | null;
      reprint_reason: string;
      at: number;
    }>(
      `INSERT OR IGNORE INTO print_jobs (printer_id, kind, shipment_id, n_collo, manifest_id, format, content, ` +
        `batch_id, reprint_of, reprint_reason, created_at, updated_at)
       VALUES (@printer_id, @kind, @shipment_id, @n_collo, @manifest_id, @format, @content, @batch_id, @reprint_of,
       @reprint_reason, @at, @at)`,
    ),
    next: db.prepare<[string], Row>(
      `SELECT ${COLUMNS}, content FROM print_jobs WHERE printer_id = ? AND state IN ('pending', 'held') ORDER BY ` +
        `id LIMIT 1`,
    ),
    get: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM print_jobs WHERE id = ?`),
    content: db.prepare<[number], { content: Buffer }>('SELECT content FROM print_jobs WHERE id = ?'),
    // Each state change below names the state it leaves in its WHERE: a job is claimed by one spooler run at a time
    // (two stations on one data folder), and only the run holding the claim ends it. The changed row count says who
    // won.
    claim: db.prepare<{ id: number; owner: string; counter: number | null; at: number }>(
      `UPDATE print_jobs SET state = 'sending', claimed_by = @owner, attempts = attempts + 1, updated_at = @at,
         counter_before = @counter
       WHERE id = @id AND state IN ('pending', 'held')`,
    ),
    hold: db.prepare<{ id: number; reason: string; at: number }>(
      `UPDATE print_jobs SET state = 'held', reason = @reason, updated_at = @at
       WHERE id = @id AND state IN ('pending', 'held') AND (state != 'held' OR reason != @reason)`,
    ),
    release: db.prepare<{
      id: number;
      owner: string;
      state: string;
      reason: string;
      resend: number;
      content: Buffer | null;
      at: number;
    }>(
      `UPDATE print_jobs SET state = @state, reason = @reason, claimed_by = NULL, auto_resends = auto_resends + @resend,
         updated_at = @at, printed_at = CASE WHEN @state = 'printed' THEN @at ELSE printed_at END,
         counter_before = NULL, content = COALESCE(@content, content)
       WHERE id = @id AND state = 'sending' AND claimed_by = @owner`,
    ),
    claims: db.prepare<
      [],
      { id: number; claimed_by: string | null; updated_at: number; counter_before: number | null }
    >("SELECT id, claimed_by, updated_at, counter_before FROM print_jobs WHERE state = 'sending' ORDER BY id"),
    holdLeftover: db.prepare<{ id: number; owner: string | null; reason: string; at: number }>(
      `UPDATE print_jobs SET state = 'held', reason = @reason, claimed_by = NULL, updated_at = @at
       WHERE id = @id AND state = 'sending' AND claimed_by IS @owner AND counter_before IS NOT NULL`,
    ),
    failClaim: db.prepare<{ id: number; owner: string | null; reason: string; at: number }>(
      `UPDATE print_jobs SET state = 'failed', reason = @reason, claimed_by = NULL, updated_at = @at
       WHERE id = @id AND state = 'sending' AND claimed_by IS @owner`,
    ),
    findLabel: db.prepare<{ printer: string; shipment: number; n: number }, Row>(
      `SELECT ${COLUMNS} FROM print_jobs WHERE printer_id = @printer AND shipment_id = @shipment AND n_collo = @n ` +
        `AND kind = 'label' AND reprint_of IS NULL`,
    ),
    // A batch's ZPL labels go in one job without a shipment: its batch id ('lotto-' + the batch, batchJobsId) leads
    // to the batch's orders, each holding the shipment it made.
    batchLabel: db.prepare<{ printer: string; shipment: number }, Row>(
      `SELECT ${COLUMNS} FROM print_jobs WHERE printer_id = @printer AND kind = 'label' AND shipment_id IS NULL ` +
        `AND reprint_of IS NULL AND state NOT IN ('failed', 'cancelled') AND batch_id IN ` +
        `(SELECT 'lotto-' || batch_id FROM batch_orders WHERE shipment_id = @shipment) ORDER BY id LIMIT 1`,
    ),
    // One branch per kind, so each reads its own partial index (printer, shipment, copy) instead of the whole table.
    papersOf: db.prepare<{ printer: string; shipment: number }, Row>(
      `SELECT ${COLUMNS} FROM print_jobs WHERE printer_id = @printer AND shipment_id = @shipment ` +
        `AND kind = 'invoice' AND reprint_of IS NULL ` +
        `UNION ALL SELECT ${COLUMNS} FROM print_jobs WHERE printer_id = @printer AND shipment_id = @shipment ` +
        `AND kind = 'cn23' AND reprint_of IS NULL ORDER BY id`,
    ),
  };
}

export function createPrintJobStore(db: Db, clock: Clock): SpoolStore {
  const now = () => clock.now().getTime();
  const s = statementsOf(db);
  const insert = (job: NewPrintJob, reprint?: { of: number; reason: string }) => {
    const result = s.insert.run({
      printer_id: job.printerId,
      kind: job.kind,
      shipment_id: job.shipmentId ?? null,
      n_collo: job.nCollo ?? null,
      manifest_id: job.manifestId ?? null,
      format: job.format,
      content: Buffer.from(job.content),
      batch_id: job.batchId ?? null,
      reprint_of: reprint?.of ?? null,
      reprint_reason: reprint?.reason ?? '',
      at: now(),
    });
    return result.changes === 1 ? Number(result.lastInsertRowid) : undefined;
  };
  return {
    enqueue: (job) => insert(job),
    next(printerId) {
      const row = s.next.get(printerId);
      return row ? { ...toJob(row), content: new Uint8Array(row.content ?? Buffer.alloc(0)) } : undefined;
    },
    get(id) {
      const row = s.get.get(id);
      return row ? toJob(row) : undefined;
    },
    claim: (id, owner, counterBefore) =>
      s.claim.run({ id, owner, counter: counterBefore ?? null, at: now() }).changes === 1,
    hold: (id, reason) => s.hold.run({ id, reason, at: now() }).changes === 1,
    release: (id, owner, outcome: ClaimOutcome) =>
      s.release.run({
        id,
        owner,
        state: outcome.state,
        reason: 'reason' in outcome ? outcome.reason : '',
        resend: outcome.state === 'pending' ? 1 : 0,
        content: outcome.state === 'pending' && outcome.content ? Buffer.from(outcome.content) : null,
        at: now(),
      }).changes === 1,
    claims: () =>
      s.claims.all().map((r) => ({
        id: r.id,
        owner: r.claimed_by ?? undefined,
        updatedAt: r.updated_at,
        ...(r.counter_before !== null ? { counterBefore: r.counter_before } : {}),
      })),
    holdLeftover: (id, owner, reason) =>
      s.holdLeftover.run({ id, owner: owner ?? null, reason, at: now() }).changes === 1,
    failClaim: (id, owner, reason) => s.failClaim.run({ id, owner: owner ?? null, reason, at: now() }).changes === 1,
    reprint(id, reason, batchId, label) {
      const job = s.get.get(id);
      const content = s.content.get(id);
      if (!job || !content) return undefined;
      return insert(
        {
          printerId: job.printer_id,
          kind: job.kind,
          format: job.format,
          content: label?.content ?? content.content,
          ...(batchId !== undefined ? { batchId } : {}),
          ...(job.shipment_id !== null ? { shipmentId: job.shipment_id } : {}),
          ...(job.n_collo !== null ? { nCollo: job.n_collo } : {}),
          ...(label ? { shipmentId: label.shipmentId, nCollo: label.nCollo } : {}),
          ...(job.manifest_id !== null ? { manifestId: job.manifest_id } : {}),
        },
        { of: id, reason },
      );
    },
    findLabel(printerId, shipmentId, nCollo) {
      const row =
        s.findLabel.get({ printer: printerId, shipment: shipmentId, n: nCollo }) ??
        s.batchLabel.get({ printer: printerId, shipment: shipmentId });
      return row ? toJob(row) : undefined;
    },
    papersOf: (printerId, shipmentId) => s.papersOf.all({ printer: printerId, shipment: shipmentId }).map(toJob),
    list(filter = {}) {
      const where: string[] = [];
      const params: Record<string, string | number> = { limit: filter.limit ?? 500 };
      if (filter.printerId) {
        where.push('printer_id = @printerId');
        params.printerId = filter.printerId;
      }
      if (filter.batchId) {
        where.push('batch_id = @batchId');
        params.batchId = filter.batchId;
      }
      if (filter.states?.length) {
        where.push(`state IN (${filter.states.map((_, i) => `@state${i}`).join(', ')})`);
        filter.states.forEach((state, i) => {
          params[`state${i}`] = state;
        });
      }
      // The statement differs only by which filters are present; values always go through parameters.
      const sql =
        `SELECT ${COLUMNS} FROM print_jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER ` +
        `BY id LIMIT @limit`;
      return db.prepare<Record<string, string | number>, Row>(sql).all(params).map(toJob);
    },
  };
}
