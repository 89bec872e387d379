// Return shipments made from a departed one: a normal shipment with flag_reso 1, sender and recipient swapped, its
// reference the outward one with "-R<n>" (unique, so a lost answer is still found by reference alone: decisions.md,
// "A return's reference"). An outward shipment's returns are found by that reference, no link table needed.
import { DDT_ALPHA_MAX } from '../../shared/api/shipmentRequest';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { cachedStatement } from '../db/statementCache';
import { parseStoredData } from './record';
import type { ShipmentRow, ShipmentState } from './repo';
import {
  queueReturnLabelMail,
  returnLabelMailState,
  type MailLanguage,
  type ReturnMailOutcome,
  type ReturnMailState,
} from '../mail/returnLabel';

/** A return or an outward shipment as the other's detail names it. */
export interface ReturnRef {
  id: number;
  ddtAlpha: string;
  numSpedizione: string;
  state: ShipmentState;
  confermato: 0 | 1;
  createdAt: string;
}

/** What the bench chooses for a return: the courier's service (its return service, or the outward one) and parcels. */
export interface ReturnChoice {
  corriere: number;
  servizio: number;
  colli: number;
  peso: number;
}

export type ReturnRefusal = { ok: false; kind: 'not_found' | 'refused'; error: string };
export type ReturnRequest = { ok: true; body: Record<string, unknown> } | ReturnRefusal;

const SUFFIX = /-R(\d+)$/;
const isReturn = (row: Pick<ShipmentRow, 'data'>) => parseStoredData(row).flag_reso === 1;
const refOf = (row: ShipmentRow): ReturnRef => ({
  id: row.id,
  ddtAlpha: row.ddt_alpha,
  numSpedizione: row.num_spedizione,
  state: row.state,
  confermato: row.confermato,
  createdAt: row.created_at,
});

/** The caller's returns of an outward shipment, oldest first. */
export function returnsOf(ctx: EngineContext, caller: Caller, outward: ShipmentRow): ShipmentRow[] {
  const like = `${outward.ddt_alpha.replace(/[\\%_]/g, (c) => `\\${c}`)}-R%`;
  const rows = cachedStatement<{ userId: number; clientId: number; like: string }, ShipmentRow>(
    ctx.db,
    `SELECT * FROM shipments WHERE client_id = @clientId AND ddt_alpha LIKE @like ESCAPE '\\'
      AND client_id IN (SELECT client_id FROM clients WHERE user_id = @userId)
      AND json_extract(data, '$.flag_reso') = 1 ORDER BY id`,
  ).all({ userId: caller.userId, clientId: outward.client_id, like });
  return rows.filter((r) => r.ddt_alpha.replace(SUFFIX, '') === outward.ddt_alpha && SUFFIX.test(r.ddt_alpha));
}

/** The outward shipment a return was made from (undefined: not a return, or the outward one is gone). */
export function outwardOf(ctx: EngineContext, caller: Caller, row: ShipmentRow): ShipmentRow | undefined {
  if (!isReturn(row) || !SUFFIX.test(row.ddt_alpha)) return undefined;
  const reference = row.ddt_alpha.replace(SUFFIX, '');
  return ctx.shipments.byDdtAlpha(caller.userId, reference, row.client_id).find((r) => !isReturn(r));
}

/** A shipment's returns, and the outward shipment when it is one; undefined when it is not the caller's. */
export function returnLinks(
  ctx: EngineContext,
  caller: Caller,
  id: number,
): { returns: ReturnRef[]; returnOf: ReturnRef | null } | undefined {
  const row = ctx.shipments.byId(caller.userId, id);
  if (!row) return undefined;
  const outward = outwardOf(ctx, caller, row);
  if (isReturn(row)) return { returns: [], returnOf: outward ? refOf(outward) : null };
  return { returns: returnsOf(ctx, caller, row).map(refOf), returnOf: null };
}

/** Why a shipment cannot have a return made from it; undefined when it can. */
function refusal(row: ShipmentRow): string | undefined {
  if (isReturn(row)) return 'Una spedizione di reso non ha a sua volta un reso';
  if (row.confermato !== 1 || row.state !== 'ok') return 'Il reso si fa da una spedizione partita (confermata)';
  if (row.ddt_alpha.length > DDT_ALPHA_MAX - 4)
    return `Riferimento ${row.ddt_alpha} troppo lungo per un reso (al massimo ${DDT_ALPHA_MAX - 4} caratteri)`;
  return undefined;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The return's request (POST Shipment's body) from a departed shipment: the customer becomes the sender and the
 * outward sender the recipient, the reference gets its "-R<n>" (a counter: a number never handed out twice, even
 * after a return was deleted), flag_reso 1, the goods as they left. Nothing is stored here.
 */
export function returnRequest(
  ctx: EngineContext,
  caller: Caller,
  outwardId: number,
  choice: ReturnChoice,
): ReturnRequest {
  const row = ctx.shipments.byId(caller.userId, outwardId);
  if (!row) return { ok: false, kind: 'not_found', error: 'Spedizione non trovata' };
  const why = refusal(row);
  if (why) return { ok: false, kind: 'refused', error: why };
  const d = parseStoredData(row);
  const taken = returnsOf(ctx, caller, row).map((r) => Number(SUFFIX.exec(r.ddt_alpha)?.[1] ?? 0));
  const n = ctx.shipments.nextCounter(`return:${row.id}`, Math.max(0, ...taken));
  if (n > 999) return { ok: false, kind: 'refused', error: `Troppi resi per ${row.ddt_alpha}` };
  // The customer's address in one line, as the real clients join an address and its second line (50 characters).
  const customerAddr = [text(d.rcpt_addr), text(d.rcpt_addr2)].filter(Boolean).join(' ').slice(0, 50);
  const body: Record<string, unknown> = {
    corriere: choice.corriere,
    servizio: choice.servizio,
    client_id: row.client_id,
    colli: choice.colli,
    peso: choice.peso,
    volume: row.volume,
    origine: text(d.rcpt_country_code) || d.origine,
    merce: d.merce,
    ddt_alpha: `${row.ddt_alpha}-R${n}`,
    flag_reso: 1,
    note_sender: `Reso della spedizione ${row.num_spedizione} (${row.ddt_alpha})`,
    rcpt_name: text(d.sender_name),
    rcpt_contact: text(d.sender_contact) || text(d.sender_name),
    rcpt_addr: text(d.sender_addr),
    rcpt_cap: text(d.sender_cap),
    rcpt_city: text(d.sender_city),
    rcpt_prov: text(d.sender_prov),
    rcpt_country_code: text(d.sender_country_code),
    rcpt_phone: text(d.sender_phone),
    rcpt_email: text(d.sender_email),
    // Every sender field given: a blank one would be filled from the shop's own profile (create.ts).
    sender_name: text(d.rcpt_name),
    sender_contact: text(d.rcpt_contact) || text(d.rcpt_name),
    sender_addr: customerAddr,
    sender_cap: text(d.rcpt_cap),
    sender_city: text(d.rcpt_city),
    sender_prov: text(d.rcpt_prov),
    sender_country_code: text(d.rcpt_country_code),
    sender_phone: text(d.rcpt_phone),
    sender_email: text(d.rcpt_email),
  };
  return { ok: true, body };
}

/** Returns at the bench: a departed shipment's return request, the links between the two, the label's e-mail. */
export interface ReturnsPort {
  /** Why no return can be made from the shipment (a return itself, not departed); undefined when one can. */
  refusal(caller: Caller, outwardId: number): ReturnRefusal | undefined;
  /** The return's request (not stored: the bench creates it as any shipment). */
  request(caller: Caller, outwardId: number, choice: ReturnChoice): ReturnRequest;
  links(caller: Caller, id: number): { returns: ReturnRef[]; returnOf: ReturnRef | null } | undefined;
  /** Queues the return label's e-mail to the customer, once, in the language chosen. */
  mail(caller: Caller, returnId: number, language: MailLanguage, courierName?: string): ReturnMailOutcome;
  /** The return label's e-mail as the bench shows it; undefined when none was asked for. */
  mailState(caller: Caller, returnId: number): ReturnMailState | undefined;
}

export function returnsPort(ctx: EngineContext): ReturnsPort {
  return {
    refusal(caller, outwardId) {
      const row = ctx.shipments.byId(caller.userId, outwardId);
      if (!row) return { ok: false, kind: 'not_found', error: 'Spedizione non trovata' };
      const why = refusal(row);
      return why ? { ok: false, kind: 'refused', error: why } : undefined;
    },
    request: (caller, outwardId, choice) => returnRequest(ctx, caller, outwardId, choice),
    links: (caller, id) => returnLinks(ctx, caller, id),
    mail: (caller, returnId, language, courierName) =>
      queueReturnLabelMail(ctx, caller, returnId, language, courierName),
    mailState: (caller, returnId) => returnLabelMailState(ctx, caller, returnId),
  };
}
