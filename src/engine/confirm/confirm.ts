// shipmentConfirm and ShipmentConfirmByDdtnum. One transaction decides and confirms every shipment of the call and
// creates the manifest row; the PDF is drawn afterwards from those rows. HTTP 200 even when nothing is confirmed:
// each shipment not confirmed is an `errors` entry with its reason (spec, endpoint 7 rules).
import { owedOnConfirm, type OwedKind } from '../owed/index';
import { confirmRefusalText, type ConfirmErrorItem, type ConfirmRefusal } from '../../shared/api/confirm';
import { MSG } from '../../shared/api/messages';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { renderAndStoreManifest } from '../manifests/store';
import { formatDateTime } from '../ports';
import type { ShipmentRow } from '../shipments/repo';
import { parseStoredData } from '../shipments/record';
import { checkShipment } from '../couriers/check';

export interface ConfirmOutcome {
  kind: 'done';
  status: string;
  errors: ConfirmErrorItem[];
  confirmedIds: number[];
  /** Present when a manifest was asked for: its id and base64 PDF, or 0 and "" when nothing was confirmed. */
  manifest?: { id: number; pdfBase64: string };
}

export type ConfirmResultOutcome = ConfirmOutcome | { kind: 'invalid'; error: string };

type Candidate =
  | { row: ShipmentRow; key: Omit<ConfirmErrorItem, 'error'> }
  | { missing: Omit<ConfirmErrorItem, 'error'>; why: ConfirmRefusal };

/**
 * A shipment our own courier refused, said by its code for the screens: its courier's checks run again on what was
 * stored (a refusal of the cheapest, or of a courier no longer known, has only its words).
 */
function courierExclusion(ctx: EngineContext, row: ShipmentRow): ConfirmRefusal['exclusion'] {
  const found = ctx.couriers.service(row.corriere, row.servizio);
  if (!found) return undefined;
  const check = checkShipment(found.courier, found.service, parseStoredData(row), ctx.couriers.places);
  return check.ok ? undefined : { code: check.code, params: check.params ?? {} };
}

function refusal(ctx: EngineContext, row: ShipmentRow): ConfirmRefusal | undefined {
  if (row.confermato === 1) return { kind: 'already' };
  const modeRefusal = ctx.flow.confirmRefusal(row);
  if (modeRefusal !== undefined) return modeRefusal;
  if (row.state === 'failed') {
    const exclusion = courierExclusion(ctx, row);
    return { kind: 'inError', cause: row.error, ...(exclusion ? { exclusion } : {}) };
  }
  if (row.state === 'processing') return { kind: 'processing' };
  return undefined;
}

async function confirmCandidates(
  ctx: EngineContext,
  caller: Caller,
  pick: () => Candidate[],
  createManifest: boolean,
): Promise<ConfirmOutcome> {
  const now = formatDateTime(ctx.clock.now());
  const owed: OwedKind[] = [];
  const { errors, confirmedIds, manifestId } = ctx.db
    .transaction(() => {
      const errors: ConfirmErrorItem[] = [];
      const confirmed: ShipmentRow[] = [];
      for (const candidate of pick()) {
        if ('missing' in candidate) {
          errors.push({ ...candidate.missing, error: confirmRefusalText(candidate.why) });
          continue;
        }
        const reason = refusal(ctx, candidate.row);
        if (reason !== undefined) errors.push({ ...candidate.key, error: confirmRefusalText(reason) });
        else if (ctx.shipments.confirm(candidate.row.id, now)) {
          confirmed.push(candidate.row);
          ctx.flow.confirmed(candidate.row);
          owed.push(...owedOnConfirm(ctx, candidate.row));
        } else errors.push({ ...candidate.key, error: MSG.confirmAlready });
      }
      let manifestId = 0;
      if (createManifest && confirmed.length > 0) {
        const clientIds = [...new Set(confirmed.map((r) => r.client_id))].sort((a, b) => a - b);
        manifestId = ctx.manifests.insert(caller.userId, now, clientIds);
        for (const row of confirmed) ctx.shipments.setManifest(row.id, manifestId);
      }
      return { errors, confirmedIds: confirmed.map((r) => r.id), manifestId };
    })
    .immediate();

  if (confirmedIds.length > 0) ctx.flow.changed();
  ctx.queued([...new Set(owed)]);
  const outcome: ConfirmOutcome = {
    kind: 'done',
    status: MSG.confirmSummary(confirmedIds.length, errors.length),
    errors,
    confirmedIds,
  };
  if (createManifest) {
    const pdf = manifestId > 0 ? await renderAndStoreManifest(ctx, manifestId) : undefined;
    outcome.manifest = { id: manifestId, pdfBase64: pdf ? pdf.toString('base64') : '' };
  }
  return outcome;
}

const byIds = (ctx: EngineContext, caller: Caller, ids: readonly number[]) => () =>
  ids.map((id): Candidate => {
    const row = ctx.shipments.byId(caller.userId, id);
    return row ? { row, key: { id } } : { missing: { id }, why: { kind: 'notFound' } };
  });

const ofClient = (ctx: EngineContext, caller: Caller, clientId: number) => () =>
  ctx.shipments.departingOfClient(caller.userId, clientId).map((row): Candidate => ({ row, key: { id: row.id } }));

const byDdtNums =
  (ctx: EngineContext, caller: Caller, ddtNums: readonly number[], clientId: number | undefined) => () =>
    ddtNums.map((ddtNum): Candidate => {
      const rows = ctx.shipments.byDdtNum(caller.userId, ddtNum, clientId);
      const first = rows[0];
      if (!first) return { missing: { ddt_num: ddtNum }, why: { kind: 'notFound' } };
      if (rows.length > 1) return { missing: { ddt_num: ddtNum }, why: { kind: 'notUnique' } };
      return { row: first, key: { id: first.id, ddt_num: ddtNum } };
    });

const waiting = (ctx: EngineContext, caller: Caller) => () =>
  ctx.shipments.departing(caller.userId).map((row): Candidate => ({ row, key: { id: row.id } }));

export function confirmByIds(
  ctx: EngineContext,
  caller: Caller,
  ids: readonly number[],
  createManifest: boolean,
): Promise<ConfirmOutcome> {
  return confirmCandidates(ctx, caller, byIds(ctx, caller, ids), createManifest);
}

/** Every departing shipment of the client id; those in error or still processing are listed in errors. */
export async function confirmByClient(
  ctx: EngineContext,
  caller: Caller,
  clientId: number,
  createManifest: boolean,
): Promise<ConfirmResultOutcome> {
  if (!ctx.auth.owns(caller, clientId)) return { kind: 'invalid', error: MSG.clientIdNotOwned(clientId) };
  return confirmCandidates(ctx, caller, ofClient(ctx, caller, clientId), createManifest);
}

/** By numeric reference: a reference shared by several shipments is an error entry, not a guess. */
export async function confirmByDdtNums(
  ctx: EngineContext,
  caller: Caller,
  ddtNums: readonly number[],
  clientId: number | undefined,
  createManifest: boolean,
): Promise<ConfirmResultOutcome> {
  if (clientId !== undefined && !ctx.auth.owns(caller, clientId))
    return { kind: 'invalid', error: MSG.clientIdNotOwned(clientId) };
  return confirmCandidates(ctx, caller, byDdtNums(ctx, caller, ddtNums, clientId), createManifest);
}

/** What a confirmation would do, decided as it decides but writing nothing: the bench shows it before the click. */
export interface ConfirmPreview {
  /** The shipments it would confirm, with what the owner checks the evening's cash against. */
  ready: Array<
    Pick<
      ShipmentRow,
      'id' | 'ddt_num' | 'ddt_alpha' | 'corriere' | 'servizio' | 'colli' | 'peso' | 'num_spedizione' | 'created_at'
    > & { rcpt_name: string; contrassegno: number }
  >;
  /** The ones it would refuse, each with its reason (in error, still waiting for the remote, not found, ...). */
  refused: Array<ConfirmErrorItem & { why: ConfirmRefusal; created_at?: string }>;
  /** Today at the station (`YYYY-MM-DD`): a shipment created before it was left from an earlier day. */
  today: string;
}

/** `waiting`: every shipment of the bench not confirmed yet, whatever the day it was made (the evening's F4). */
export type ConfirmTarget =
  | { ids: readonly number[] }
  | { clientId: number }
  | { ddtNums: readonly number[]; clientId?: number | undefined }
  | { waiting: true };

export function previewConfirm(ctx: EngineContext, caller: Caller, target: ConfirmTarget): ConfirmPreview | undefined {
  const clientId = 'clientId' in target ? target.clientId : undefined;
  if (clientId !== undefined && !ctx.auth.owns(caller, clientId)) return undefined;
  const pick =
    'waiting' in target
      ? waiting(ctx, caller)
      : 'ids' in target
        ? byIds(ctx, caller, target.ids)
        : 'ddtNums' in target
          ? byDdtNums(ctx, caller, target.ddtNums, clientId)
          : ofClient(ctx, caller, target.clientId);
  const preview: ConfirmPreview = { ready: [], refused: [], today: formatDateTime(ctx.clock.now()).slice(0, 10) };
  const seen = new Set<number>();
  for (const candidate of pick()) {
    if ('missing' in candidate) {
      preview.refused.push({ ...candidate.missing, error: confirmRefusalText(candidate.why), why: candidate.why });
      continue;
    }
    const { row } = candidate;
    const why: ConfirmRefusal | undefined = seen.has(row.id) ? { kind: 'already' } : refusal(ctx, row);
    seen.add(row.id);
    if (why !== undefined)
      preview.refused.push({ ...candidate.key, error: confirmRefusalText(why), why, created_at: row.created_at });
    else {
      const data = parseStoredData(row);
      preview.ready.push({
        id: row.id,
        ddt_num: row.ddt_num,
        ddt_alpha: row.ddt_alpha,
        corriere: row.corriere,
        servizio: row.servizio,
        colli: row.colli,
        peso: row.peso,
        num_spedizione: row.num_spedizione,
        created_at: row.created_at,
        rcpt_name: String(data.rcpt_name ?? ''),
        contrassegno: Number(data.contrassegno) || 0,
      });
    }
  }
  return preview;
}
