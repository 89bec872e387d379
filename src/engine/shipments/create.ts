// POST Shipment, the part both modes share: first-level validation (400), the caller owning the client, courier and
// service given together (or 0 and 0 for the cheapest), blank sender fields from the client's sender profile. What
// happens next is the engine's flow (flow.ts). The same preparation serves the courier's dry run (courierRefusal).
import { MSG } from '../../shared/api/messages';
import { parseCreateShipment, type CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { withSender } from '../../shared/domain/senderProfile';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { holderRef, invoiceNumberHolder, InvoiceNumberTaken } from './invoiceHolders';
import {
  invoiceSeriesMissing,
  InvoiceSeriesMissing,
  needsStationInvoice,
  withStationInvoice,
} from '../customs/numbering';
import { fieldIssue } from '../../shared/api/fieldIssues';
import { FIELD_MSG } from '../../shared/api/messages';
import type { BenchExtras, CourierRefusal, CreateOutcome } from './flow';
import { OrderNotWaiting } from './store';

type Prepared = { ok: true; input: CreateShipmentRequest } | { ok: false; error: string };

/** The request as the flow stores it, or the 400's words. */
function prepare(ctx: EngineContext, caller: Caller, raw: unknown): Prepared {
  const parsed = parseCreateShipment(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return prepareParsed(ctx, caller, parsed.value);
}

/** prepare() for a request parsed already. */
function prepareParsed(ctx: EngineContext, caller: Caller, input: CreateShipmentRequest): Prepared {
  if (!ctx.auth.owns(caller, input.client_id)) {
    return { ok: false, error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  }
  // Reseller instances only, and only one of the reseller's own invoiced clients.
  if (input.invoiced_client_id > 0 && !ctx.invoiced.find(caller.userId, input.invoiced_client_id)) {
    const why =
      ctx.invoiced.of(caller.userId).length === 0
        ? MSG.invoicedClientNotReseller
        : MSG.invoicedClientUnknown(input.invoiced_client_id);
    return { ok: false, error: MSG.invalidFields([`invoiced_client_id: ${why}`]) };
  }
  if ((input.corriere === 0) !== (input.servizio === 0)) {
    const both = 'corriere, servizio: indicare entrambi, oppure 0 e 0 per il corriere più economico';
    return { ok: false, error: MSG.invalidFields([both]) };
  }
  // Blank sender fields come from the client's profile, so every label and manifest names who ships.
  return { ok: true, input: withSender(input, ctx.senders.get(input.client_id)?.profile) };
}

export async function createShipment(
  ctx: EngineContext,
  caller: Caller,
  raw: unknown,
  extras?: BenchExtras,
): Promise<CreateOutcome> {
  const prepared = prepare(ctx, caller, raw);
  if (!prepared.ok) return { kind: 'invalid', error: prepared.error };
  try {
    // The station's invoice number is taken here, so the courier sees it; a refused create keeps it.
    const input = ctx.invoiceNumbering
      ? ctx.db.transaction(() => withStationInvoice(prepared.input, ctx, true)).immediate()
      : prepared.input;
    return await ctx.flow.create(caller, input, extras);
  } catch (error) {
    // The order was shipped by another shipment meanwhile, its invoice number is another shipment's, or the bench
    // must number in a series it lacks: the creating transaction rolled back, nothing is stored.
    if (
      error instanceof OrderNotWaiting ||
      error instanceof InvoiceNumberTaken ||
      error instanceof InvoiceSeriesMissing
    )
      return { kind: 'invalid', error: error.message };
    throw error;
  }
}

/**
 * Why the request's courier (or, for 0 and 0, every courier) would refuse it, without storing anything; undefined
 * when it would not, when the request is invalid (creating it answers why) or when the remote decides (connected).
 * The form's save asks it, so the invoice number the create would refuse is said at its field first.
 */
export function courierRefusal(ctx: EngineContext, caller: Caller, raw: unknown): CourierRefusal | undefined {
  const prepared = prepare(ctx, caller, raw);
  return (prepared.ok ? invoiceRefusal(ctx, prepared.input) : undefined) ?? refusalOf(ctx, prepared);
}

/** courierRefusal() for a request parsed already (an imported order's check, which parsed it for the form's rules). */
export function parsedCourierRefusal(
  ctx: EngineContext,
  caller: Caller,
  input: CreateShipmentRequest,
): CourierRefusal | undefined {
  return refusalOf(ctx, prepareParsed(ctx, caller, input));
}

function refusalOf(ctx: EngineContext, prepared: Prepared): CourierRefusal | undefined {
  if (!prepared.ok) return undefined;
  // The number the shipment would be given, read and not taken: the dry run must not see it missing.
  const input = ctx.invoiceNumbering ? withStationInvoice(prepared.input, ctx, false) : prepared.input;
  return ctx.flow.refusal(input);
}

/** The invoice number the save would refuse, at its field: another shipment's, or none the bench may give. */
function invoiceRefusal(ctx: EngineContext, input: CreateShipmentRequest): CourierRefusal | undefined {
  const holder = invoiceNumberHolder(ctx.db, input);
  if (holder) {
    const issue = fieldIssue('invoiceNumberTaken', holderRef(holder));
    const reason = new InvoiceNumberTaken(input.invoice_number.trim(), holder).message;
    return { reason, field: 'invoice_number', fieldReason: issue.message, issues: { invoice_number: issue } };
  }
  if (ctx.invoiceNumbering && needsStationInvoice(input) && invoiceSeriesMissing(ctx)) {
    const issue = fieldIssue('invoiceSeriesMissing');
    return {
      reason: new InvoiceSeriesMissing().message,
      field: 'invoice_number',
      fieldReason: FIELD_MSG.invoiceSeriesMissing,
      issues: { invoice_number: issue },
    };
  }
  return undefined;
}
