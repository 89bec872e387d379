// POST Shipment, the part both modes share: first-level validation (400), the caller owning the client, courier and
// service given together (or 0 and 0 for the cheapest), blank sender fields from the client's sender profile. What
// happens next is the engine's flow (flow.ts).
import { MSG } from '../../shared/api/messages';
import { parseCreateShipment } from '../../shared/api/shipmentRequest';
import { withSender } from '../../shared/domain/senderProfile';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { CreateOutcome } from './flow';

export async function createShipment(ctx: EngineContext, caller: Caller, raw: unknown): Promise<CreateOutcome> {
  const parsed = parseCreateShipment(raw);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const input = parsed.value;
  if (!ctx.auth.owns(caller, input.client_id)) {
    return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  }
  // Reseller instances only, and only one of the reseller's own invoiced clients.
  if (input.invoiced_client_id > 0 && !ctx.invoiced.find(caller.userId, input.invoiced_client_id)) {
    const why =
      ctx.invoiced.of(caller.userId).length === 0
        ? MSG.invoicedClientNotReseller
        : MSG.invoicedClientUnknown(input.invoiced_client_id);
    return { kind: 'invalid', error: MSG.invalidFields([`invoiced_client_id: ${why}`]) };
  }
  if ((input.corriere === 0) !== (input.servizio === 0)) {
    const both = 'corriere, servizio: indicare entrambi, oppure 0 e 0 per il corriere più economico';
    return { kind: 'invalid', error: MSG.invalidFields([both]) };
  }
  // Blank sender fields come from the client's profile, so every label and manifest names who ships.
  return ctx.flow.create(caller, withSender(input, ctx.senders.get(input.client_id)?.profile));
}
